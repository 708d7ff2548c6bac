/* tolower() changes only A-Z. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s]\n", tolower("Hello, World! 123"), tolower(""), tolower("abc[]"));
	exit(0);
}
