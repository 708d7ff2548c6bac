/* %c prints char, short and int values as characters; %C escapes unprintable ones. */
#pragma D option quiet

BEGIN
{
	c = 'A';
	printf("%c%c%c%c|\n", c, (short)66, 67, 'a' + 3);
	printf("[%3c] [%-3c]\n", 'x', 'y');
	printf("%C%C%C%C|\n", 'q', '\n', '\t', (char)1);
	exit(0);
}
