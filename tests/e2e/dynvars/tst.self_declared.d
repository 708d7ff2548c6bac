/* self-> variables declared with a type are distinct variables of that type: two declared
 * 64-bit counters and one left to its first assignment keep their own values. */
#pragma D option quiet

self uint64_t lt_first;
self uint64_t lt_second;

BEGIN
{
	self->lt_first = 0;
	self->lt_second = 0;
	self->lt_third = 3;
	self->lt_first = 0x100000000;
	self->lt_second = 2;
	printf("%x %d %d\n", self->lt_first, self->lt_second, self->lt_third);
	exit(0);
}
