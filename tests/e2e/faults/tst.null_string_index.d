/* A clause-local string assigned NULL: its characters are at NULL plus the index, which faults
 * there; in the clause before, the same variable read its characters. */
#pragma D option quiet

BEGIN
{
	this->lt_s = "xyz";
	printf("%c\n", this->lt_s[2]);
}

BEGIN
{
	this->lt_s = "xyz";
	this->lt_s = NULL;
	printf("%c\n", this->lt_s[2]);
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
	exit(0);
}
