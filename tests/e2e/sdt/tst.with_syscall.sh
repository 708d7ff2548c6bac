# sdt and syscall probes in one program, each through its own table: both see the target's
# five getpid() calls.
dtrace=$1
. "$(dirname "$0")/../syscall/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
sdt:raw_syscalls::sys_enter /pid == $target && args[1] == 39/ { @[probeprov] = count(); }
syscall::getpid:entry /pid == $target/ { @[probeprov] = count(); }'
