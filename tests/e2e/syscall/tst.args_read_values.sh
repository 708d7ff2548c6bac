# read(unsigned int fd, char *buf, size_t count), typed from tracefs's sys_enter_read format:
# the target's two reads, args[0] a 4-byte unsigned int, args[1] a pointer to its buffer.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::read:entry /pid == $target/ { printf("%d %d %d %d\n", args[0], args[2], sizeof (args[0]), args[1] != NULL); }'
