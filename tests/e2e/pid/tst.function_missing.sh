# A function the named module does not have is an error naming the module by its file name
# (D_PROC_FUNC); the command is not run.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls count" -n 'pid$target:a.out:lt_nosuch:entry { }'
