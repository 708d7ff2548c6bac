/* argref set by a pragma. */
#pragma D option argref

BEGIN
{
    exit(0);
}
