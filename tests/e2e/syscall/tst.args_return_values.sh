# At read's return args[0] and args[1] are both the return value, of the exit event's type
# (long): -1 for the EBADF read, then 100.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::read:return /pid == $target/ { printf("%d %d %d %d\n", args[0], args[1], args[0] < 0, sizeof (args[1])); }'
