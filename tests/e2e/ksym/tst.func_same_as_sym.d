/* func() is sym() under another name: the function, at its start or inside it. */
#pragma D option quiet

BEGIN
{
	func((uintptr_t)&`ksys_read);
	printf("|\n");
	func((uintptr_t)&`ksys_read + 1);
	printf("|\n");
	exit(0);
}
