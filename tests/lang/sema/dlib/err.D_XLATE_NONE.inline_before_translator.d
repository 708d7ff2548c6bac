/*
 * An inline is checked where it is defined: a translation it makes needs a translator
 * defined above it, even when one appears later in the program.
 */
struct lt_o { int lt_v; };
inline int lt_a = xlate <struct lt_o *> (1)->lt_v;
translator struct lt_o < int lt_x > {
	lt_v = lt_x;
};
BEGIN
{
	trace(lt_a);
}
