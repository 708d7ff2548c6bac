/* A D version that does not exist. */
#pragma D option version=9.9

BEGIN
{
    exit(0);
}
