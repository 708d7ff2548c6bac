/* Without -w, system() makes the enabling fail. */
BEGIN
{
	system("echo should not run");
	exit(0);
}
