/*
 * func() keys are merged on the function, as DTrace's consumer merges them: two addresses
 * inside vfs_read are one key.
 */
#pragma D option quiet

BEGIN
{
	@[func((uintptr_t)&`vfs_read)] = count();
	@[func((uintptr_t)&`vfs_read + 4)] = count();
	@[func((uintptr_t)&`vfs_read + 8)] = count();
	@[func((uintptr_t)&`ksys_read + 8)] = count();
	exit(0);
}
