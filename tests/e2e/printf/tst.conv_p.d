/* %p prints a pointer or integer in hex without a prefix; # adds 0x. */
#pragma D option quiet

BEGIN
{
	printf("%p %p %#p %p\n", (void *)0xdeadbeef, 4096, (char *)255, (void *)0);
	exit(0);
}
