# openat's return: arg0 is the new fd, or -1 with errno set (ENOENT = 2) when the file is missing.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::openat:return /pid == $target/ { printf("%d %d\n", arg0, errno); }'
