# The function "-" takes only a.out's module (D_PROC_LIB) and one address (D_PROC_NAME), as
# DTrace's pid provider says; and pid0 is no process (D_PROC_BADPID).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_args lt_args.c
"$dtrace" -xerrtags -q -c "$dir/lt_args" -n 'pid$target:libc:-:800 { }'
echo "status $?"
"$dtrace" -xerrtags -q -c "$dir/lt_args" -n 'pid$target:lt_a*:-:800 { }'
echo "status $?"
"$dtrace" -xerrtags -q -c "$dir/lt_args" -n 'pid$target::-:10* { }'
echo "status $?"
"$dtrace" -xerrtags -q -n 'pid0:a.out:main:entry { }'
echo "status $?"
