/* Each argument's range is checked before the next argument's kind. */
BEGIN
{
	lt_n = 20;
	@ = llquantize(1, 10, 0, 70000, lt_n);
}
