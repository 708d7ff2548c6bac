/* version needs a value. */
#pragma D option version

BEGIN
{
    exit(0);
}
