# Without frame pointers lt_work starts with a 4-byte store of %edi, so offset 4 is an
# instruction boundary; the arguments are still in their registers there.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -fomit-frame-pointer
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_work:4 { printf("%s %d %d\n", probename, arg0, arg1); }'
