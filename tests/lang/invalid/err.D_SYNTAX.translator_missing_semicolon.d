/* A translator definition ends with ';'. */
struct lt_in {
    int lt_a;
};

struct lt_out {
    int lt_b;
};

translator struct lt_out < struct lt_in *lt_p > {
    lt_b = lt_p->lt_a;
}

BEGIN
{
    exit(0);
}
