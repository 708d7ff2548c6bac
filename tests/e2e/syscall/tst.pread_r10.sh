# pread64's fourth argument (the offset) comes from r10, not rcx.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::pread64:entry /pid == $target/ { printf("pread64(%d, %d, %d)\n", arg0, arg2, arg3); } syscall::pread64:return /pid == $target/ { printf("= %d\n", arg0); }'
