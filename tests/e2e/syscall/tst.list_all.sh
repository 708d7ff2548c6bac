# Every system call of the kernel, entry and return each; numbers the kernel does not implement (tuxcall, afs_syscall) are not listed.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
n=$("$dtrace" -l -P syscall | wc -l)
[ $(( (n - 1) % 2 )) -eq 0 ] && [ "$n" -gt 700 ] && echo "entry and return for each of more than 350 calls"
"$dtrace" -l -n syscall::tuxcall: -n syscall::afs_syscall: 2>&1
