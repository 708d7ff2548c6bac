# The function "-" names an address of the executable (absolute, in hexadecimal): the probe
# fires there, in module a.out's file, function "-"; an empty module means a.out.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_args lt_args.c -no-pie
addr=$(nm "$dir/lt_args" | awk '$3 == "lt_ten" { sub(/^0+/, "", $1); print $1 }')
"$dtrace" -q -c "$dir/lt_args" -n 'pid$target::-:'"$addr"', pid$target:a.out:-:'"$addr"' {
	printf("%s:%s %s\n", probemod, probefunc, probename == "'"$addr"'" ? "the address" : probename);
}'
