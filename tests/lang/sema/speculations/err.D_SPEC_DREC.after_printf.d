/* speculate() must come before the clause's data-recording actions. */
BEGIN
{
	printf("first\n");
	speculate(1);
}
