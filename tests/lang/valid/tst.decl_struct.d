/* A structure definition, a variable of it and a pointer to it. */
struct lt_point {
    int lt_x;
    int lt_y;
};

struct lt_point lt_origin;
struct lt_point *lt_where;

BEGIN
{
    trace(sizeof(struct lt_point));
    trace(offsetof(struct lt_point, lt_y));
    lt_where = (struct lt_point *)arg0;
    trace(lt_where == 0);
}
