# A syscall aggregation printed by END with printa().
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::openat:return /pid == $target/ { @[arg0 < 0 ? "failed" : "opened"] = count(); } END { printa("%s %@d\n", @); }'
