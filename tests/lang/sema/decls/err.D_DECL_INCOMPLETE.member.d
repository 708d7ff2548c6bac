/* A member whose struct is never defined is incomplete. */
struct lt_rec {
	struct lt_missing m;
	int n;
};

BEGIN
{
	exit(0);
}
