/* An unknown kernel symbol is a compile error. */
BEGIN
{
	trace(&`lt_no_such_symbol);
}
