/* An associative array named without a key is refused. */
BEGIN
{
	lt_a[1] = 2;
	trace(lt_a);
}
