/* A translator must produce a structure or union. */
struct lt_in {
    int lt_v;
};

translator long < struct lt_in *lt_p > {
};
