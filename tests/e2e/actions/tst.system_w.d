/* -w allows destructive actions and says so on stderr. */
BEGIN
{
	system("echo from system");
	exit(0);
}
