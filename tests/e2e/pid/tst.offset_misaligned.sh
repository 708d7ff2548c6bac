# An offset inside an instruction (2 is inside `mov %rsp,%rbp`) is refused with DTrace's words,
# and the command is not run.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls count" -n 'pid$target:a.out:lt_work:2 { }'
