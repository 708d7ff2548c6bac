/* A size option with a value that is not a size. */
#pragma D option bufsize=lots

BEGIN
{
    exit(0);
}
