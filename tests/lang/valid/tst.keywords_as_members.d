/* Structure members whose names are not keywords but contain them. */
struct lt_kw {
    int lt_for;
    int lt_while;
    int lt_if;
};

BEGIN
{
    trace(offsetof(struct lt_kw, lt_while));
}
