/* A self-> string declared before use holds a whole string, like one first assigned. */
#pragma D option quiet

self string lt_s;

BEGIN
{
	self->lt_s = "abcdefghijkl";
	printf("%s\n", self->lt_s);
	exit(0);
}
