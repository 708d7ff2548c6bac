# A program of BEGIN alone reads no kernel type and no kernel symbol: its run opens neither the
# kernel's BTF (btf/vmlinux.h opens it only when a reader asks) nor /proc/kallsyms. A syscall
# one-liner needs an attach id and the calls' names, so it opens the kernel's BTF (mapped, not
# parsed). strace comes with scripts/deps.sh --test; without it the test fails (no silent pass).
dtrace=$1
if ! command -v strace >/dev/null 2>&1; then
	echo "strace is missing: install it (scripts/deps.sh --test)" >&2
	exit 1
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
strace -f -qq -e trace=open,openat,openat2 -o "$log" "$dtrace" -q -n 'BEGIN { exit(0); }' >/dev/null 2>&1
opened=$(grep -o '"[^"]*btf[^"]*"' "$log" | tr -d '"' | sort -u)
echo "BEGIN: ${opened:-no BTF opened}"
opened=$(grep -o '"[^"]*kallsyms[^"]*"' "$log" | tr -d '"' | sort -u)
echo "BEGIN: ${opened:-no kallsyms opened}"
strace -f -qq -e trace=open,openat,openat2 -o "$log" "$dtrace" -q -n 'syscall::getppid:entry { exit(0); } tick-1ms { exit(0); }' \
	>/dev/null 2>&1
opened=$(grep -o '"[^"]*btf[^"]*"' "$log" | tr -d '"' | sort -u | tr '\n' ' ')
echo "syscall: ${opened% }"
