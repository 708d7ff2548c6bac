/* DTrace's own choice of the zero run: the longest, even a single group; of two runs of the same
   length, the later one when the group after it starts with a zero byte; a zero last group
   alone is not a run. */
#pragma D option quiet

struct lt_in6 {
	uint32_t w0, w1, w2, w3;
} lt_a;

BEGIN
{
	lt_a.w0 = htonl(0x00010000); lt_a.w1 = htonl(0x00000001); lt_a.w2 = htonl(0x00000000); lt_a.w3 = htonl(0x00000001);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00000001); lt_a.w1 = htonl(0x00020003); lt_a.w2 = htonl(0x00040005); lt_a.w3 = htonl(0x00060007);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00010002); lt_a.w1 = htonl(0x00030004); lt_a.w2 = htonl(0x00050006); lt_a.w3 = htonl(0x00070000);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	lt_a.w0 = htonl(0x00010000); lt_a.w1 = htonl(0x00000002); lt_a.w2 = htonl(0x00030000); lt_a.w3 = htonl(0x00000004);
	printf("[%s]\n", inet_ntoa6((struct in6_addr *)&lt_a.w0));
}

BEGIN
{
	exit(0);
}
