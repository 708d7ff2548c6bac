/* The factor may not exceed the number of steps per magnitude. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 5);
}
