# args[] of a syscall probe: untyped 64-bit values, like arg0 .. arg5.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::write:entry /pid == $target/ { printf("%d %d\n", args[0], args[2]); } syscall::write:return /pid == $target/ { printf("%d\n", args[0]); }'
