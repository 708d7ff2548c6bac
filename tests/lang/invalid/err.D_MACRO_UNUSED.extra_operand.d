/* An operand that the program never references; checked after parsing,
   so the line is the one after the last line of the file. */
BEGIN
{
    exit(0);
}
