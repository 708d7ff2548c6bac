/* Options with size, rate and count values. */
#pragma D option bufsize=8m
#pragma D option aggsize=2m
#pragma D option dynvarsize=4m
#pragma D option strsize=512
#pragma D option switchrate=10hz
#pragma D option aggrate=500ms
#pragma D option cleanrate=50hz
#pragma D option nspec=4
#pragma D option specsize=64k
#pragma D option stackframes=12
#pragma D option ustackframes=24
#pragma D option bufpolicy=switch

BEGIN
{
    exit(0);
}
