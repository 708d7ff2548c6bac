/*
 * A string indexed is one of its characters, and a string plus an integer is the string
 * from that character on (D treats a string as the address of its characters there).
 */
#pragma D option quiet

BEGIN
{
	lt_s = "abcdef";
	this->t = "xyz";
	self->u = "123";
	printf("%c %c %c %c\n", execname[0], lt_s[2], this->t[1], self->u[2]);
	printf("%s %s %s\n", lt_s + 2, 1 + this->t, execname + 3);
	printf("%d\n", *lt_s);
	exit(0);
}
