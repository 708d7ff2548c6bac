# A function glob: get*pid matches getpid and getppid (and other calls the target does not make).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::get*pid:entry /pid == $target/ { @[probefunc] = count(); }'
