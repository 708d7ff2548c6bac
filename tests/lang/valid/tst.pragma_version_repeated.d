/* Setting the same version twice is not a conflict. */
#pragma D option version=1.1
#pragma D option version=1.1
#pragma D option version=1.0

BEGIN
{
    exit(0);
}
