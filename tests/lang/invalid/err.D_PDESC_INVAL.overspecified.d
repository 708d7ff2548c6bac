/* A description has at most four fields. */
lt_prov:lt_mod:lt_func:lt_name:lt_extra
{
}
