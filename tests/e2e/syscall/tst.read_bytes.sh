# read() of 100 bytes from /dev/zero returns 100 with errno 0.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::read:entry /pid == $target/ { self->n = arg2; }
syscall::read:return /pid == $target && arg0 >= 0/ { printf("asked %d got %d errno %d\n", self->n, arg0, errno); }'
