/* %a prints a kernel address as module`symbol. */
#pragma D option quiet

BEGIN
{
	printf("%a\n", &`max_pfn);
	exit(0);
}
