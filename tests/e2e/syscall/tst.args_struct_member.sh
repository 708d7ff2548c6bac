# clock_nanosleep(const clockid_t which_clock, int flags, const struct __kernel_timespec *rqtp,
# ...): members of a structure in the calling process through the typed user pointer args[2].
# sleep(1) asks for CLOCK_REALTIME, relative, 1 ms.
dtrace=$1
"$dtrace" -q -c "sleep 0.001" -n 'syscall::clock_nanosleep:entry /pid == $target/ { printf("%d %d %d %d\n", args[0], args[1], args[2]->tv_sec, args[2]->tv_nsec); }'
