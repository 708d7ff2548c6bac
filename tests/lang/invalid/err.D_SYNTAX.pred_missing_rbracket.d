/* A predicate closed while a bracket is still open. */
BEGIN
{
    lt_arr[0] = 1;
}

END /lt_arr[0/ {
    exit(0);
}
