/* A char array (curthread->comm) compares with strings and becomes one with stringof. */
#pragma D option quiet

BEGIN
{
	s = stringof(curthread->comm);
	printf("%s %d %d %d\n", s, s == "dtrace", curthread->comm == "dtrace",
	    "dtrace" == curthread->comm);
	printf("%s\n", curthread->comm);
	exit(0);
}
