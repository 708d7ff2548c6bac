/* Declarations and pragmas alone make an empty program. */
#pragma D option quiet
int lt_x;
typedef long lt_long_t;
struct lt_s {
    int lt_m;
};
