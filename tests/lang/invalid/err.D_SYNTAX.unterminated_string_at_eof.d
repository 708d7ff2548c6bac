/* A string still open when the file ends without a final newline: the
   quote itself is the unexpected character. */
BEGIN
{
    lt_s = "never closed