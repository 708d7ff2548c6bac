/* llquantize() takes at most six arguments, the sixth being the increment. */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 20, 1, 2);
}
