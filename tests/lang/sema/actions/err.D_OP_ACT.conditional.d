/* Actions cannot be the branches of ?:. */
BEGIN
{
	lt_c = 1;
	lt_x = lt_c ? trace(1) : trace(2);
}
