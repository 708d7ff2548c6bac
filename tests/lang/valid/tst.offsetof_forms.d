/* offsetof on a D structure and on a kernel structure. */
struct lt_point {
    int lt_x;
    int lt_y;
    char lt_tag[8];
};

BEGIN
{
    trace(offsetof(struct lt_point, lt_y));
    trace(offsetof(struct lt_point, lt_tag));
    trace(offsetof(struct task_struct, pid));
}
