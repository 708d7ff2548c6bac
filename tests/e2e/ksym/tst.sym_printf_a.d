/* printf's %a takes a sym() value as an address and names it with its offset. */
#pragma D option quiet

BEGIN
{
	printf("%a\n", sym((uintptr_t)&`vfs_read + 4));
	exit(0);
}
