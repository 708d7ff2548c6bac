/* Helper for s_errtags_from_pragma.cmd: errtags set by a pragma. */
#pragma D option errtags
BEGIN
{
    lt_x = ;
}
