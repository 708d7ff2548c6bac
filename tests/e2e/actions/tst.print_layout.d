/* print() lays a value out by its type, as illumos DTrace does: integers and pointers in hex,
 * chars quoted, strings quoted, struct members one a line with their types. */
#pragma D option quiet

struct lt_inner {
	short lt_s;
	char lt_c;
};

struct lt_rec {
	int lt_a;
	struct lt_inner lt_in;
	char lt_name[8];
	long lt_b;
};

struct lt_rec lt_r;

BEGIN
{
	lt_r.lt_a = 10;
	lt_r.lt_in.lt_s = -1;
	lt_r.lt_in.lt_c = 65;
	lt_r.lt_b = 0;
	print(lt_r.lt_a);
	print("abc");
	print(lt_r);
	printf("\n");
	exit(0);
}
