/* Every aggregating function. */
syscall::read:return
/arg0 >= 0/
{
    @lt_c = count();
    @lt_s = sum(arg0);
    @lt_a = avg(arg0);
    @lt_mn = min(arg0);
    @lt_mx = max(arg0);
    @lt_sd = stddev(arg0);
    @lt_q = quantize(arg0);
    @lt_l = lquantize(arg0, 0, 1000, 100);
    @lt_ll = llquantize(arg0, 10, 0, 6, 10);
}
