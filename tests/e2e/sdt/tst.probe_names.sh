# probeprov, probemod (the tracepoint's group), probefunc (empty) and probename (the event) of an sdt probe.
dtrace=$1
. "$(dirname "$0")/../syscall/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'sdt:sched::sched_process_exit /pid == $target/ { printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename); }'
