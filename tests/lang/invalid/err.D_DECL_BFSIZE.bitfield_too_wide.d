/* A bit-field cannot be wider than its type. */
struct lt_bf {
    char lt_c : 9;
};
