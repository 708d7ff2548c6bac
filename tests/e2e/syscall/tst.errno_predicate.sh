# A predicate on errno picks the failing calls.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall:::return /pid == $target && errno != 0/ { printf("%s errno %d\n", probefunc, errno); }'
