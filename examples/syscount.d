/*
 * syscount.d: which programs make the most system calls?
 * Counts every system call by the name of the program that made it; press Ctrl-C to print
 * the table, busiest program last.
 *
 *   bdtrace -s examples/syscount.d
 */

#pragma D option quiet

BEGIN
{
	printf("Counting system calls by program name... Ctrl-C to stop.\n");
}

syscall:::entry
{
	@calls[execname] = count();
}

END
{
	printf("%-24s %10s\n", "PROGRAM", "SYSCALLS");
	printa("%-24s %@10d\n", @calls);
}
