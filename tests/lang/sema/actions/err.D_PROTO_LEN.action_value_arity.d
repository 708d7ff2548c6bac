/* An action used as a value is still checked against its prototype first. */
BEGIN
{
	lt_c = 1;
	lt_x = lt_c ? trace() : trace(1);
}
