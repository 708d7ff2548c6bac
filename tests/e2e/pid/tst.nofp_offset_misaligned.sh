# Offset 1, an instruction boundary with frame pointers (after push %rbp), is inside the first
# instruction of the build without them, and is refused.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -fomit-frame-pointer
"$dtrace" -q -c "$dir/lt_calls count" -n 'pid$target:a.out:lt_work:1 { }'
