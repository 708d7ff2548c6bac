/*
 * A store past the memory the clause allocated is an invalid address, as DTrace checks every
 * store (dtrace_canstore): the clause stops there and ERROR fires.
 */
#pragma D option quiet

BEGIN
{
	this->s = (char *)alloca(15);
	this->s[16] = 'x';
	printf("not reached\n");
}

ERROR
{
	printf("ERROR fired\n");
	exit(0);
}
