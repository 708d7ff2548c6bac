/* Stack traces as aggregation keys. */
profile-97
{
    @lt_k[stack()] = count();
    @lt_u[ustack()] = count();
    @lt_k5[stack(5)] = count();
    @lt_u5[ustack(5)] = count();
}
