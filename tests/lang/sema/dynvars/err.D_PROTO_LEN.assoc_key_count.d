/* An associative array keeps the key signature of its first use. */
BEGIN
{
	lt_a[1, 2] = 3;
	lt_a[1] = 4;
}
