/* An option without a value. */
#pragma D option quiet

BEGIN
{
    exit(0);
}
