/* $cwd is not a macro variable. */
BEGIN
{
    trace($cwd);
}
