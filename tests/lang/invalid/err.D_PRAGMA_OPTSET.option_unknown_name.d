/* An option that does not exist. */
#pragma D option lt_nosuchoption

BEGIN
{
    exit(0);
}
