/*
 * copyout() is destructive: after speculate() that rule is reported, even on a kernel that does
 * not let BPF write user memory.
 */
#pragma D option destructive
BEGIN
{
	speculate(1);
	this->p = alloca(1);
	copyout(this->p, 0, 1);
}
