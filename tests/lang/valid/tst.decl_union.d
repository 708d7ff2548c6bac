/* Unions, including a union inside a structure. */
union lt_value {
    int lt_i;
    long lt_l;
    char lt_bytes[8];
};

struct lt_tagged {
    int lt_kind;
    union lt_value lt_val;
    union {
        short lt_s;
        char lt_c;
    } lt_small;
};

BEGIN
{
    trace(sizeof(union lt_value));
    trace(offsetof(struct lt_tagged, lt_val));
}
