/* An action passed to a subroutine is a void argument. */
BEGIN
{
	lt_x = strlen(trace(1));
}
