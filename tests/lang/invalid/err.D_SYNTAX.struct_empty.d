/* A structure needs at least one member. */
struct lt_empty {
};
