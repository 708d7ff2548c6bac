/* The input of a translator is written in angle brackets. */
struct lt_in {
    int lt_a;
};

struct lt_out {
    int lt_b;
};

translator struct lt_out ( struct lt_in *lt_p ) {
    lt_b = lt_p->lt_a;
};
