/* D does not join adjacent string literals. */
BEGIN
{
    lt_s = "ab" "cd";
}
