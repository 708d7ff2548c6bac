/* With -x argref, unreferenced operands are allowed. */
BEGIN
{
    exit(0);
}
