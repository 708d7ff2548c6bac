# stack() at a syscall probe starts in the system call path that fires it (below the tracepoint
# and bpf_trace_run<N>), and caller is its first frame.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
out=$("$dtrace" -q -c "$dir/lt_sys" -n '
syscall::getpid:entry
/pid == $target && !lt_done/
{
	lt_done = 1;
	printf("caller %a\n", caller);
	stack();
}')
status=$?
caller=$(printf '%s\n' "$out" | sed -n 's/^caller //p')
first=$(printf '%s\n' "$out" | sed -n '2,$p' | grep -m1 '`' | sed 's/^ *//')
[ "$caller" = "$first" ] && echo "caller is the first frame" || echo "caller $caller, first frame $first"
printf '%s\n' "$out" | grep -Eq 'bpf_|__traceiter_' && echo "machinery frames: $out"
exit $status
