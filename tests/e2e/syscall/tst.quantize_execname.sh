# The classic one-liner: quantize() of read's return value, filtered by execname (the target's reads return -1 and 100).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::read:return /execname == "lt_sys"/ { @ = quantize(arg0); }'
