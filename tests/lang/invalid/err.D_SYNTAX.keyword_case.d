/* case is reserved. */
BEGIN
{
    case 1: trace(1);
}
