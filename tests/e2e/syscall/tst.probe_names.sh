# probeprov, probemod, probefunc and probename of syscall probes.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::openat:entry, syscall::openat:return /pid == $target/ { printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename); }'
