/* An option that does not exist, given a value. */
#pragma D option lt_nosuchoption=3

BEGIN
{
    exit(0);
}
