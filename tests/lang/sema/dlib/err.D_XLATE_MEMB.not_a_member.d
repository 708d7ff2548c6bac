/* A translator may define only members of its output type. */
struct lt_out { int lt_v; };
translator struct lt_out < int lt_x > {
	lt_v = lt_x;
	lt_nope = lt_x;
};
