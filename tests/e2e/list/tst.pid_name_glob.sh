# A name pattern matching both entry and return (no hexadecimal offset has an r): DTrace makes
# the return probe of a function before its entry probe (dt_pid_per_sym), and lists in id order.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n 'pid$target:a.out:lt_first:*r*' -c "$dir/lt_list"
echo "status $?"
