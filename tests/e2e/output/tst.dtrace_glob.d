/* dtrace::: matches BEGIN, END and ERROR: the notice counts them with the other clause. */
dtrace:::
/probename != "ERROR"/
{
	printf("%s", probename);
}

BEGIN
{
	exit(0);
}
