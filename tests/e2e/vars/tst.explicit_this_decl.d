/* An explicit declaration fixes the type of a clause-local variable. */
#pragma D option quiet

this uint8_t small;
this string str;

BEGIN
{
	this->small = 300;
	this->str = "declared";
	printf("%d %s %d\n", this->small, this->str, sizeof (this->small));
	exit(0);
}
