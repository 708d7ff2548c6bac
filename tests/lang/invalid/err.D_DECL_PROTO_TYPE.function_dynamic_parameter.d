/* A function parameter cannot be an associative array. */
extern int lt_f(int lt_p[int]);
