# raw_syscalls:sys_exit's args[1] is the return value as the kernel gives it: -ENOENT once, -EBADF twice.
dtrace=$1
. "$(dirname "$0")/../syscall/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'sdt:raw_syscalls::sys_exit /pid == $target && args[1] < 0/ { @[args[1]] = count(); }'
