/* The single-statement body of an if keeps its semicolon. */
BEGIN
{
    lt_x = 1;
    if (lt_x) trace(lt_x) }
