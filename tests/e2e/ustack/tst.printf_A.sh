# printf %A of uaddr() and ufunc() values: the function and offset (a ufunc() value is only rounded to its function when printed as the action itself).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { printf("%A|%A\n", uaddr(ucaller), ufunc(ucaller)); exit(0); }'
