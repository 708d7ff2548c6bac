/* All six relational operators compare strings byte by byte, like strcmp(). */
#pragma D option quiet

BEGIN
{
	a = "abc";
	b = "abd";
	printf("%d %d %d %d %d %d\n", a < b, a <= b, a > b, a >= b, a == b, a != b);
	printf("%d %d %d\n", "ab" < "abc", "abc" > "ab", "" < "a");
	printf("%d %d %d\n", "A" < "a", "Z" < "a", "a" == "a");
	c = "abc";
	printf("%d %d %d\n", a == c, a <= c, a >= c);
	exit(0);
}
