/* The DTRACEFLT_* constants name the fault types ERROR receives in arg4. */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", DTRACEFLT_UNKNOWN, DTRACEFLT_BADADDR,
	    DTRACEFLT_BADALIGN, DTRACEFLT_ILLOP, DTRACEFLT_DIVZERO);
	exit(0);
}
