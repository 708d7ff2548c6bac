/* Aggregations keyed by one and by several values. */
syscall:::entry
{
    @lt_by_func[probefunc] = count();
    @lt_by_pair[execname, pid] = count();
    @lt_by_three[execname, probefunc, cpu] = count();
}
