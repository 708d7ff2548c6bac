/* Two strings do not subtract either: the difference of pointers needs two pointers. */
#pragma D option quiet

BEGIN
{
	lt_a = "abc";
	lt_n = lt_a - "a";
}
