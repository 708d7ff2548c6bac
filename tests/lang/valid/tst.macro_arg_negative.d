/* A leading minus sign is kept as unary minus ("--" ends the options). */
BEGIN
{
    lt_n = $1;
    trace(lt_n < 0);
}
