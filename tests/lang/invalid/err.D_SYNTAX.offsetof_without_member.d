/* offsetof needs a type and a member name. */
struct lt_s {
    int lt_m;
};

BEGIN
{
    lt_x = offsetof(struct lt_s);
}
