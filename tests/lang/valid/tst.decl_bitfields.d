/* Bit-fields, including an unnamed zero-width bit-field. */
struct lt_flags {
    unsigned int lt_ready : 1;
    unsigned int lt_mode : 3;
    int : 0;
    int lt_level : 4;
    unsigned char lt_small : 8;
    unsigned long long lt_wide : 40;
};

BEGIN
{
    trace(sizeof(struct lt_flags));
}
