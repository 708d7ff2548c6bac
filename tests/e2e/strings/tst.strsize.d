/* The strsize option bounds every string value: longer strings are cut. */
#pragma D option quiet
#pragma D option strsize=8

BEGIN
{
	s = "abcdefghijkl";
	printf("[%s] [%s]\n", s, "0123456789");
	printf("%d %d\n", s == "abcdefgh", s == "abcdefghijkl");
	exit(0);
}
