/* Nested structures, arrays of structures and self-referencing pointers. */
struct lt_inner {
    int lt_a;
    char lt_b[4];
};

struct lt_outer {
    struct lt_inner lt_in;
    struct lt_inner lt_many[3];
    struct lt_outer *lt_next;
    struct lt_deep {
        long lt_v;
    } lt_deep_member;
};

BEGIN
{
    trace(sizeof(struct lt_outer));
    trace(offsetof(struct lt_outer, lt_next));
}
