/* String comparisons in predicates. */
#pragma D option quiet

BEGIN
/execname == "dtrace"/
{
	printf("matched execname\n");
}

BEGIN
/execname != "dtrace"/
{
	printf("wrong\n");
}

BEGIN
/probename == "BEGIN" && probeprov == "dtrace"/
{
	printf("matched names\n");
	exit(0);
}
