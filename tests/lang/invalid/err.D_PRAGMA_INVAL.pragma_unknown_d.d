/* An unknown #pragma D directive. */
#pragma D frobnicate now

BEGIN
{
    exit(0);
}
