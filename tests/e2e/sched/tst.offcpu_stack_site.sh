# stack() in a tracepoint's probe starts where the probe fires (sched:::off-cpu: the scheduler,
# __schedule), not in the tracing machinery that runs the program (bpf_trace_run<N>, the
# tracepoint's iterator); caller is that first frame and stackdepth counts the frames stack()
# prints. The same in an aggregation key. Nothing of BPF or the machinery appears.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
out=$("$dtrace" -q -c "$dir/lt_proc nap" -n '
sched:::off-cpu
/pid == $target && !lt_done/
{
	lt_done = 1;
	printf("caller %a depth %d\n", caller, stackdepth);
	stack();
	printf("end\n");
	@[stack()] = count();
}')
status=$?
first=$(printf '%s\n' "$out" | sed -n '2,$p' | grep -m1 -v '^$' | sed 's/^ *//')
caller=$(printf '%s\n' "$out" | sed -n 's/^caller \(.*\) depth .*/\1/p')
depth=$(printf '%s\n' "$out" | sed -n 's/^caller .* depth \([0-9]*\)$/\1/p')
frames=$(printf '%s\n' "$out" | sed -n '/^caller/,/^end$/p' | grep -c '^ *vmlinux`')
keyfirst=$(printf '%s\n' "$out" | sed -n '/^end$/,$p' | grep -m1 '`' | sed 's/^ *//')
case $first in
'vmlinux`__schedule+0x'*) echo "stack starts in __schedule" ;;
*) echo "stack starts at $first" ;;
esac
[ "$caller" = "$first" ] && echo "caller is the first frame" || echo "caller $caller, first frame $first"
[ "$depth" = "$frames" ] && echo "stackdepth counts the frames" || echo "stackdepth $depth, frames $frames"
[ "$keyfirst" = "$first" ] && echo "the key starts there too" || echo "the key starts at $keyfirst"
printf '%s\n' "$out" | grep -Eq 'bpf_|__traceiter_|__bpf_trace' && echo "machinery frames: $out"
exit $status
