# The classic profile one-liner with func(): every key names a kernel function (vmlinux`name, or
# module`name: a sample inside another tracer's BPF program is bpf`bpf_prog_<tag>_<name>, as the
# kernel lists JIT-ed programs) or, for samples in user mode, is 0 in hexadecimal; counts are
# positive.
dtrace=$1
out=$(timeout 10 "$dtrace" -q -n 'profile-997 { @[func(arg0)] = count(); } tick-200ms { exit(0); }') || exit 1
printf '%s\n' "$out" | awk 'NF' | awk '
	$1 ~ /^[A-Za-z0-9_.]+`[A-Za-z0-9_.]+$/ && $2 ~ /^[1-9][0-9]*$/ { k++; next }
	$1 == "0x0" && $2 ~ /^[1-9][0-9]*$/ { next }
	{ print "unexpected line: " $0; bad = 1 }
	END { if (bad) exit 1; print "keys ok" }'
