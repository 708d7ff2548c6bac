/* Declared global variables read as zero (or "") before any assignment. */
#pragma D option quiet

int i;
int64_t l;
string s;
char *p;

BEGIN
{
	printf("[%d] [%d] [%s] [%d]\n", i, l, s, p == 0);
	exit(0);
}
