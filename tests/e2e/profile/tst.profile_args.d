/*
 * In a profile probe exactly one of arg0 (kernel PC) and arg1 (user PC) is
 * non-zero; a kernel PC is in the upper half of the address space.
 */
#pragma D option quiet

int n, both, neither, kernel, badkernel;

profile-997hz
{
	n++;
	both += arg0 != 0 && arg1 != 0;
	neither += arg0 == 0 && arg1 == 0;
	kernel += arg0 != 0;
	badkernel += arg0 != 0 && (uint64_t)arg0 < 0x8000000000000000ULL;
}

tick-100ms
{
	printf("samples %s, both %d, neither %d, kernel samples %s, bad kernel PCs %d\n",
	    n > 0 ? "yes" : "no", both, neither, kernel > 0 ? "yes" : "no", badkernel);
	exit(0);
}
