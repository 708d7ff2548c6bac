/* $target is 0 when no process was given with -c or -p. */
BEGIN
/$target == 0/
{
    exit(0);
}
