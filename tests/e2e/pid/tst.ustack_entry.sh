# ustack() at a function's entry, in the build with frame pointers: the function itself, then its
# caller and the caller's caller (DTrace reads the return address from the stack at an entry
# probe, where %rbp is still the caller's). Each frame on its own line, indented 14 columns, after
# a newline. The offsets into the callers are the compiler's, so the .sed hides them.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_inner:entry /!done/ { ustack(3); done = 1; }'
