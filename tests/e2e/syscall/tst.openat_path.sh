# copyinstr() of openat's path (arg1) at the entry probe, for the target's calls only.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::openat:entry /pid == $target/ { printf("%s\n", copyinstr(arg1)); }'
