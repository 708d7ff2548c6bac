/* tick-1ms fires about 1000 times a second: 50 firings take 40 to 200 ms. */
#pragma D option quiet

int n;
int64_t start;

BEGIN
{
	start = timestamp;
}

tick-1ms
{
	n++;
}

tick-1ms
/n == 50/
{
	this->ms = (timestamp - start) / 1000000;
	printf("%s\n", this->ms >= 40 && this->ms <= 200 ? "rate ok" : "wrong rate");
	exit(0);
}
