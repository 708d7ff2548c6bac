/* String assignment copies the value; later changes do not alias. */
#pragma D option quiet

string decl;

BEGIN
{
	s = "hello";
	t = s;
	s = "world";
	decl = t;
	t = "changed";
	printf("%s %s %s\n", s, t, decl);
	e = "";
	printf("[%s] %d\n", e, e == "");
	exit(0);
}
