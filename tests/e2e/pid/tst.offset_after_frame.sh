# Offset 4 is the instruction after `push %rbp; mov %rsp,%rbp`: the frame is set up, the arguments
# not yet stored; every call fires it.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:4 { @[probename, arg0] = count(); }'
