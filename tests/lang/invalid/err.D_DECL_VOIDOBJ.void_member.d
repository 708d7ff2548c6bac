/* A structure member cannot have type void. */
struct lt_s {
    int lt_a;
    void lt_nothing;
};
