# Every function of the executable whose name starts with lt_, counted by probefunc. The IFUNC
# lt_pick and its resolver lt_pick_resolver share an address: DTrace walks the functions
# (STT_FUNC) only, and among names of one address prefers a function to a non-function, so the
# probe is lt_pick_resolver (bdtrace names it lt_pick). lt_ping, lt_on_usr1, lt_wait_for_go and
# lt_pick_slow are never called.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_*:entry { @[probefunc] = count(); }'
