/* Probe argument lists with a translated (reordered) output list. */
provider lt_svc {
    probe swap(int lt_a, long lt_b) : (long lt_b, int lt_a);
    probe dup(int lt_x) : (int lt_x, int lt_x);
};

BEGIN
{
    exit(0);
}
