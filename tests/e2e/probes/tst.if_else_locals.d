/* if/else: nested, without braces, with clause-local variables visible in both branches. */
#pragma D option quiet

int n;

tick-1ms
{
	n++;
	this->kind = "small";
	if (n > 2) {
		if (n == 3)
			this->kind = "three";
		else
			this->kind = "big";
	} else if (n == 2)
		this->kind = "two";
	printf("%d %s\n", n, this->kind);
}

tick-1ms
/n == 4/
{
	exit(0);
}
