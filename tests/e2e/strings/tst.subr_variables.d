/* Results assigned to global and clause-local variables keep their value. */
#pragma D option quiet

BEGIN
{
	lt_s = strjoin("abc", "def");
	this->u = toupper(lt_s);
	lt_n = strlen(this->u);
	lt_t = lltostr(lt_n * 1000);
}

BEGIN
{
	printf("%s %s %d %s\n", lt_s, this->u, lt_n, lt_t);
	exit(0);
}
