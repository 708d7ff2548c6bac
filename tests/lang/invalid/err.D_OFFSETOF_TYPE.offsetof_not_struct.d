/* offsetof needs a structure or union type. */
BEGIN
{
    trace(offsetof(int, lt_m));
}
