/* The dependency class is provider, module or library. */
#pragma D depends_on package lt_pkg

BEGIN
{
    exit(0);
}
