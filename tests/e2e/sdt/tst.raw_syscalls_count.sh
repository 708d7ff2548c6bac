# raw_syscalls:sys_enter's args[1] is the call's number: the target's five getpid() calls (39).
dtrace=$1
. "$(dirname "$0")/../syscall/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'sdt:raw_syscalls::sys_enter /pid == $target && args[1] == 39/ { @ = count(); }'
