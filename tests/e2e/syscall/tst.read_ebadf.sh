# read() of a bad fd: the entry sees fd 999, the return -1 and errno EBADF (9).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::read:entry /pid == $target/ { self->fd = arg0; }
syscall::read:return /pid == $target && self->fd == 999/ { printf("fd %d: %d errno %d\n", self->fd, arg0, errno); }
syscall::read:return /pid == $target/ { self->fd = 0; }'
