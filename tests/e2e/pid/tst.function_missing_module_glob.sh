# A plain function in a module glob is looked up quietly in each matching module; none has it,
# so the description matches no probes.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls count" -n 'pid$target:lt_*:lt_nosuch:entry { }'
