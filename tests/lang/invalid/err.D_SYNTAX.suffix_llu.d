/* llu is not a suffix either. */
BEGIN
{
    lt_x = 7LLU;
}
