/* sym() as an action names the kernel function containing an address, without the offset. */
#pragma D option quiet

BEGIN
{
	sym((uintptr_t)&`vfs_read + 4);
	printf("|\n");
	exit(0);
}
