# ftruncate() empties the -o file: only what is printed after it remains.
dtrace=$1
out=$(mktemp) || exit 1
"$dtrace" -q -o "$out" -n '
tick-1ms
{
	printf("%d\n", ++lt_i);
}
tick-1ms
/lt_i == 3/
{
	ftruncate();
}
tick-1ms
/lt_i == 5/
{
	exit(0);
}'
status=$?
cat "$out"
rm -f "$out"
exit $status
