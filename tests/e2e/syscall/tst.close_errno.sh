# close(): 0 twice, then -1 with EBADF (9) for the fd closed already.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::close:entry /pid == $target/ { self->fd = arg0; }
syscall::close:return /pid == $target/ { printf("close(%d) = %d errno %d\n", self->fd, arg0, errno); }'
