/* Dependencies on providers that always exist. */
#pragma D depends_on provider dtrace
#pragma D depends_on provider profile
#pragma D depends_on provider syscall

BEGIN
{
    exit(0);
}
