/* strlen() counts the characters before the NUL, of constants, variables and results. */
#pragma D option quiet

BEGIN
{
	lt_s = "hello, world";
	this->t = "";
	printf("%d %d %d %d %d\n", strlen(""), strlen("a"), strlen(lt_s), strlen(this->t),
	    strlen(strjoin(lt_s, "!")));
	exit(0);
}
