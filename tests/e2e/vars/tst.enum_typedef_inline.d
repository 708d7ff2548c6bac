/* D enums, typedefs and inline constants. */
#pragma D option quiet

enum lt_color { LT_RED, LT_GREEN = 5, LT_BLUE };
typedef unsigned short lt_port_t;
inline int LT_LIMIT = 10 * 2;

enum lt_color c;
lt_port_t port;

BEGIN
{
	c = LT_BLUE;
	port = 70000;
	printf("%d %d %d %d\n", LT_RED, LT_GREEN, LT_BLUE, c == LT_BLUE);
	printf("%d %d %d\n", port, sizeof (lt_port_t), LT_LIMIT + 1);
	exit(0);
}
