/* A named bit-field must be at least one bit wide. */
struct lt_bf {
    int lt_a : 1;
    int lt_b : 0;
};
