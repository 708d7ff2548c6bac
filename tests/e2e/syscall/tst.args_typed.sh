# getcwd(char *buf, unsigned long size): its tracefs format (or BTF) types args[]: args[1]
# is an unsigned long, and -lv lists the types.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::getcwd:entry /pid == $target/ { printf("%d %d %d\n", args[1], sizeof (args[1]), args[1] * 2); }'
"$dtrace" -lv -n syscall::getcwd:entry | sed -n '/Argument Types/,$p'
