/* Two statements without a separating semicolon. */
BEGIN
{
    lt_x = 1
    lt_y = 2;
}
