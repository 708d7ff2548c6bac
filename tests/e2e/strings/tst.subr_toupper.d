/* toupper() changes only a-z. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s]\n", toupper("Hello, World! 123"), toupper(""), toupper("ABC"));
	exit(0);
}
