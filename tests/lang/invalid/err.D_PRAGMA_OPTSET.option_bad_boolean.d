/* A yes/no option with a value that is neither. */
#pragma D option quiet=perhaps

BEGIN
{
    exit(0);
}
