/* Without quiet, printf and trace output follow the probe line; each firing ends the line. */
BEGIN
{
	printf("[%d]", 1);
	trace(2);
	printf("[%s]", "three");
}

BEGIN
{
	exit(0);
}
