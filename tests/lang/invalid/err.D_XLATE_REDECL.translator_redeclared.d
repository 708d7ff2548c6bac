/* The same translation cannot be declared twice; reported at the end of
   the second definition. */
struct lt_in {
    int lt_a;
};

struct lt_out {
    int lt_b;
};

translator struct lt_out < struct lt_in *lt_p > {
    lt_b = lt_p->lt_a;
};

translator struct lt_out < struct lt_in *lt_q > {
    lt_b = lt_q->lt_a + 1;
};
