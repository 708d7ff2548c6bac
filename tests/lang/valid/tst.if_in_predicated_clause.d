/* if statements inside a clause that also has a predicate. */
syscall::write:entry
/arg2 > 0/
{
    this->lt_n = arg2;
    if (this->lt_n >= 1024)
        @lt_sizes["big"] = count();
    else
        @lt_sizes["small"] = count();
}
