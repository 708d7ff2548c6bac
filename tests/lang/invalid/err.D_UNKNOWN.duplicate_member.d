/* Member names within a structure must be unique. */
struct lt_dup {
    int lt_m;
    char lt_m;
};
