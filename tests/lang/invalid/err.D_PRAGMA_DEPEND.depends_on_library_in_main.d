/* Only D libraries may depend on other libraries. */
#pragma D depends_on library lt_lib.d

BEGIN
{
    exit(0);
}
