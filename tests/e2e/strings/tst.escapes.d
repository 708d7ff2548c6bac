/* Escape sequences in string literals. */
#pragma D option quiet

BEGIN
{
	printf("tab[\t] quote[\"] backslash[\\] octal[\101\102] hex[\x43]\n");
	s = "a\nb";
	printf("%s|\n", s);
	exit(0);
}
