/* Unclosed body followed by blank lines: the error is on the line after the last. */
BEGIN
{
    trace(1);


