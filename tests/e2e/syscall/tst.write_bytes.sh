# write(4, buf, 42): the entry's fd and count, the return's byte count.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::write:entry /pid == $target/ { printf("write(%d, %d)\n", arg0, arg2); }
syscall::write:return /pid == $target/ { printf("= %d\n", arg0); }'
