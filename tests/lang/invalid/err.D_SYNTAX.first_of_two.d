/* Two syntax errors: only the first is reported. */
BEGIN
{
    lt_x = ;
}

END
{
    lt_y = 1 +;
}
