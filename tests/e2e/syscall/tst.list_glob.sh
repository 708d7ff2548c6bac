# A listing glob over function and name: the get*uid calls, return probes only.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n 'syscall::get*uid:return' | awk 'NR > 1 { print $2, $3, $4, $5 }'
