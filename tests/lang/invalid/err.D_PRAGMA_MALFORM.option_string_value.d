/* The option must be a plain word, not a string. */
#pragma D option "quiet"

BEGIN
{
    exit(0);
}
