/* curcpu is the CPU the probe fires on. */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", curcpu->cpu_id == cpu, curcpu->cpu_pset);
	exit(0);
}
