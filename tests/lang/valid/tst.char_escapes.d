/* Character constants with DTrace's escapes, several characters packed into one value. */
BEGIN
{
	lt_a = '\?';
	lt_b = '\'';
	lt_c = 'ab';
	lt_d = '\x41';
	lt_e = "a\?b\'c";
}
