# A ustack() aggregation key of a system-wide probe in a program that exits within a millisecond,
# started after tracing began: the key is named when the aggregation is printed, long after the
# process and its /proc/PID/maps are gone. The process watch's reports (the exec with the
# program's load address, the loader's mmap of libc) rebuild its address space from the files.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_short lt_short.c
"$dtrace" -w -q -n '
pid*:$1:lt_once:entry { @[ustack()] = count(); }
pid*:$1:lt_done:entry { exit(0); }
BEGIN { system("%s; %s done", $$1, $$1); }' "$dir/lt_short"
