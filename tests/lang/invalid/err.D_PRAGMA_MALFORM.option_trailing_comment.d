/* Comments are not removed from control lines: they become arguments. */
#pragma D option quiet /* be quiet */

BEGIN
{
    exit(0);
}
