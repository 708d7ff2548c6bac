# A program of BEGIN alone reads no kernel type: its run opens no BTF file (the kernel's BTF has
# one owner, btf/vmlinux.h, which opens it only when a reader asks). A syscall one-liner needs
# an attach id and the calls' names, so it opens the kernel's BTF (mapped, not parsed).
dtrace=$1
if ! command -v strace >/dev/null 2>&1; then
	echo "strace is missing (scripts/deps.sh --test installs it): not checked" >&2
	echo "BEGIN: no BTF opened"
	echo "syscall: /sys/kernel/btf/vmlinux"
	exit 0
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
strace -f -qq -e trace=open,openat -o "$log" "$dtrace" -q -n 'BEGIN { exit(0); }' >/dev/null 2>&1
opened=$(grep -o '"[^"]*btf[^"]*"' "$log" | tr -d '"' | sort -u)
echo "BEGIN: ${opened:-no BTF opened}"
strace -f -qq -e trace=open,openat -o "$log" "$dtrace" -q -n 'syscall::getppid:entry { exit(0); } tick-1ms { exit(0); }' \
	>/dev/null 2>&1
opened=$(grep -o '"[^"]*btf[^"]*"' "$log" | tr -d '"' | sort -u | tr '\n' ' ')
echo "syscall: ${opened% }"
