/* A translator with no member definitions. */
struct lt_src {
    int lt_v;
};

struct lt_dst {
    int lt_w;
};

translator struct lt_dst < struct lt_src *lt_s > {
};

BEGIN
{
    exit(0);
}
