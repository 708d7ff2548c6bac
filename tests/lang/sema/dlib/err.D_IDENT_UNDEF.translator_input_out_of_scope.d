/* A translator's input name is visible only in its member expressions. */
struct lt_out { int lt_v; };
translator struct lt_out < int lt_x > { lt_v = lt_x; };
BEGIN
{
	trace(lt_x);
}
