/* A variable of a struct that is only named is incomplete. */
struct lt_later *lt_p;
struct lt_later lt_v;

BEGIN
{
	exit(0);
}
