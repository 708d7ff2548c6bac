# An instruction offset (lt_work:1, after `push %rbp` in this frame-pointer build) fires like
# entry, with the arguments still in their registers; probename is the offset in hex.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:1 { printf("%s %s %d\n", probefunc, probename, arg0); }'
