# stack() prints the kernel stack one frame a line, indented 14 columns, as module`function+0xoff:
# BEGIN runs from bdtrace's bpf(2) call, so the system call's frames are there.
dtrace=$1
out=$("$dtrace" -q -n 'BEGIN { stack(); exit(0); }')
status=$?
if printf '%s\n' "$out" | grep -Eq '^ {14}vmlinux`__x64_sys_bpf\+0x[0-9a-f]+$'; then
	echo "bpf(2) frame found"
else
	echo "no bpf(2) frame in:"; printf '%s\n' "$out"
fi
exit $status
