# BEGIN fires in the bpf() system call that runs it: its caller and stack() name kernel
# functions below the test-run machinery (never a BPF program), and stackdepth counts those.
dtrace=$1
out=$("$dtrace" -q -n 'BEGIN { printf("caller %a depth %d\n", caller, stackdepth); stack(); exit(0); }')
status=$?
caller=$(printf '%s\n' "$out" | sed -n 's/^caller \(.*\) depth .*/\1/p')
depth=$(printf '%s\n' "$out" | sed -n 's/^caller .* depth \([0-9]*\)$/\1/p')
first=$(printf '%s\n' "$out" | sed -n '2,$p' | grep -m1 '`' | sed 's/^ *//')
frames=$(printf '%s\n' "$out" | grep -c '^ *vmlinux`')
case $caller in
'vmlinux`'*) echo "caller is a kernel function" ;;
*) echo "caller is $caller" ;;
esac
[ "$caller" = "$first" ] && echo "caller is the first frame" || echo "caller $caller, first frame $first"
[ "$depth" = "$frames" ] && echo "stackdepth counts the frames" || echo "stackdepth $depth, frames $frames"
printf '%s\n' "$out" | grep -Eq 'bpf_prog|test_run' && echo "machinery frames: $out"
exit $status
