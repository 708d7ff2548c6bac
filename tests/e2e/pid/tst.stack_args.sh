# arg6 to arg9 at an entry probe are the arguments the x86-64 ABI passes on the stack, above the
# return address: lt_ten's seventh to tenth.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_args lt_args.c
"$dtrace" -q -c "$dir/lt_args" -n 'pid$target:a.out:lt_ten:entry {
	printf("%d %d %d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9);
}'
