/* stringof() of a string is the string; of a char pointer, the string it points to. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s]\n", stringof("abc"), stringof(strjoin("a", "b")));
	printf("%d\n", stringof(curthread->comm) == curthread->comm);
	exit(0);
}
