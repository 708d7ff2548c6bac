/* A translator that defines every member of its output type. */
struct lt_in {
    int lt_a;
    int lt_b;
};

struct lt_out {
    int lt_sum;
    int lt_diff;
};

translator struct lt_out < struct lt_in *lt_p > {
    lt_sum = lt_p->lt_a + lt_p->lt_b;
    lt_diff = lt_p->lt_a - lt_p->lt_b;
};

BEGIN
{
    this->lt_ip = (struct lt_in *)arg0;
    trace(xlate <struct lt_out *> (this->lt_ip)->lt_sum);
}
