/* Aggregation sorting options with numeric values. */
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1
#pragma D option aggsortpos=0

syscall::read:entry
{
    @lt_n[execname, pid] = count();
}
