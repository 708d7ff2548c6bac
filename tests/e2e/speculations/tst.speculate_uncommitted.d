/* A speculation never committed is dropped when tracing ends. */
BEGIN
{
	lt_spec = speculation();
}

BEGIN
{
	speculate(lt_spec);
	printf("never printed\n");
}

BEGIN
{
	exit(0);
}
