/* Only integer types can be bit-fields. */
struct lt_bf {
    char *lt_p : 2;
};
