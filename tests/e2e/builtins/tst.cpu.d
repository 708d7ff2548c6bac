/* cpu is the CPU the probe fires on (the one the current thread runs on). */
#pragma D option quiet

profile-100hz
{
	printf("%d\n", cpu == curthread->thread_info.cpu);
	exit(0);
}
