/* With -x empty a program may hold only declarations. */
int lt_x;
typedef long lt_long_t;
