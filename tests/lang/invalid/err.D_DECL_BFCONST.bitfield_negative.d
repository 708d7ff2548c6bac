/* A bit-field width cannot be negative. */
struct lt_bf {
    unsigned int lt_a : -2;
};
