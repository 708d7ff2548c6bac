/* A string literal may not contain a newline; the line reported is the one
   after the opening quote's line. */
BEGIN
{
    lt_s = "first
second";
}
