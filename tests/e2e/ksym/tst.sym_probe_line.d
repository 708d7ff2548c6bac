/* Without quiet, sym() follows the probe line as trace() does. */
BEGIN
{
	sym((uintptr_t)&`vfs_read);
	exit(0);
}
