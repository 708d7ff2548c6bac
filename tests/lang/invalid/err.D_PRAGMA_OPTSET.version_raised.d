/* Once lowered, the version cannot be raised again. */
#pragma D option version=1.0
#pragma D option version=1.1

BEGIN
{
    exit(0);
}
