# stringof() of openat's args[1], a char * in the calling process: the string is read from
# the process's memory, not the kernel's.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::openat:entry /pid == $target/ { printf("%s\n", stringof(args[1])); }'
