#!/usr/sbin/dtrace -s
/*
 * A realistic script mixing many constructs.
 */
#pragma D option quiet

inline int LT_THRESHOLD = 1024;

typedef struct lt_stat {
    uint64_t lt_calls;
    uint64_t lt_bytes;
} lt_stat_t;

self uint64_t lt_ts;

syscall::read:entry,
syscall::write:entry
/pid != $pid/
{
    self->lt_ts = timestamp;
    self->lt_len = arg2;
}

syscall::read:return,
syscall::write:return
/self->lt_ts/
{
    this->lt_delta = timestamp - self->lt_ts;
    @lt_lat[probefunc] = quantize(this->lt_delta);
    if (self->lt_len >= LT_THRESHOLD) {
        @lt_big[probefunc, execname] = count();
    } else {
        @lt_small[probefunc] = count();
    }
    self->lt_ts = 0;
    self->lt_len = 0;
}

tick-10s
{
    printa("%-10s %-16s %@d\n", @lt_big);
    trunc(@lt_big);
    exit(0);
}
