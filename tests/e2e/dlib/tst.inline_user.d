/* inline: a name for an expression, usable in predicates and actions of any clause. */
#pragma D option quiet
inline int lt_limit = 3 * 7;
inline string lt_label = "limit";
inline int lt_mypid = pid;
BEGIN
/lt_limit == 21/
{
	printf("%s %d %d\n", lt_label, lt_limit, lt_mypid == pid);
}
BEGIN
{
	exit(0);
}
