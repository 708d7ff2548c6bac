/*
 * A translated value used whole is built in scratch memory, every member translated, as DTrace
 * does: a pointer to it kept in a variable, a copy of the struct, a pointer as a number.
 */
#pragma D option quiet

BEGIN
{
	this->p = curpsinfo;
	printf("%d %d %s\n", this->p->pr_pid == pid, this->p->pr_ppid == ppid, this->p->pr_fname);
	this->c = *curcpu;
	printf("%d %d\n", this->c.cpu_id == cpu, (int64_t)curcpu != 0);
	exit(0);
}
