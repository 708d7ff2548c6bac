/* Faults in BEGIN fire ERROR, whose clauses record too: a program of BEGIN, END and ERROR
 * alone gets a records ring sized by what it can write, fault records and every ERROR clause's
 * records included. Six BEGIN clauses fault; each fault fires two ERROR clauses, one of them
 * recording seven strings of strsize 1024. Every line and every error message arrives. */

#pragma D option quiet
#pragma D option strsize=1024

int zero;

BEGIN
{
	lt_clause = 1;
	lt_x = 1 / zero;
}

BEGIN
{
	lt_clause = 2;
	lt_x = 1 / zero;
}

BEGIN
{
	lt_clause = 3;
	lt_x = 1 / zero;
}

BEGIN
{
	lt_clause = 4;
	lt_x = 1 / zero;
}

BEGIN
{
	lt_clause = 5;
	lt_x = 1 / zero;
}

BEGIN
{
	lt_clause = 6;
	lt_x = 1 / zero;
}

ERROR
{
	this->s = strjoin(strjoin("lt_error_", lltostr(lt_clause)), "_abcdefghijklmnopqrstuvwxyz0123456789");
	printf("%s %s %s %s %s %s %s\n", this->s, this->s, this->s, this->s, this->s, this->s, this->s);
}

ERROR
{
	printf("fault %d of epid %d\n", lt_clause, arg1);
}

BEGIN
{
	exit(0);
}
