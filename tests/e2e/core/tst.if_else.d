#pragma D option quiet
BEGIN
{
	x = 3;
	if (x > 2) {
		printf("big\n");
	} else {
		printf("small\n");
	}
	if (x == 1)
		printf("one\n");
	else if (x == 3)
		printf("three\n");
	else
		printf("other\n");
	printf("%s\n", x > 2 ? "yes" : "no");
	exit(0);
}
