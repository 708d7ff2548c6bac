/* A member name may not contain the scoping operator. */
struct lt_s {
    int lt`m;
};
