/* This kernel cannot be panicked from a BPF program. */
BEGIN
{
	panic();
}
