/* A member's expression must be assignable to the member. */
struct lt_out { int lt_v; };
translator struct lt_out < int lt_x > {
	lt_v = "lt";
};
