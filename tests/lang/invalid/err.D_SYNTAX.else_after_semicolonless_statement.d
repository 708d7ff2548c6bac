/* else cannot follow an if body statement that lacks its semicolon. */
BEGIN
{
    lt_x = 1;
    if (lt_x) trace(lt_x) else trace(0);
}
