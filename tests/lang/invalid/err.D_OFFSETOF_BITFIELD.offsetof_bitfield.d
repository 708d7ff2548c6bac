/* A bit-field has no byte offset. */
struct lt_bits {
    int lt_a;
    unsigned int lt_flag : 3;
};

BEGIN
{
    trace(offsetof(struct lt_bits, lt_flag));
}
