/* Without quiet, a printf() that ends in a newline is followed by the record's own newline. */
BEGIN
{
	printf("line\n");
	exit(0);
}
