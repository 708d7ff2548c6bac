#pragma D option quiet
BEGIN
{
	a = "abc";
	b = "abd";
	printf("%d %d %d %d\n", a < b, a == "abc", a != b, b > a);
	printf("%d %d\n", "" < "a", "same" == "same");
	exit(0);
}
