/* Actions cannot be the operands of the comma operator. */
BEGIN
{
	lt_x = (trace(1), 2);
}
