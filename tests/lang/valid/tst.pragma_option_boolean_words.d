/* Options set with yes/no style words. */
#pragma D option quiet=yes
#pragma D option aggsortrev=true
#pragma D option flowindent=off
#pragma D option rawbytes=no

BEGIN
{
    exit(0);
}
