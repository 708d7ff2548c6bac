/* (string) and stringof turn a char array into a string. */
#pragma D option quiet

BEGIN
{
	s = (string)curthread->comm;
	t = stringof(curthread->comm);
	printf("%s %s %d\n", s, t, s == t);
	exit(0);
}
