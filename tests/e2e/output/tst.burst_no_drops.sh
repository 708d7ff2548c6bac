# A burst of 200,000 records with the default options loses nothing: the buffer holds 4 MiB per
# CPU (bufsize, as in DTrace) and the consumer drains it as it fills. Every record arrives, once
# and in order, and no drop is reported.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O1 -o "$dir/lt_burst" "$(dirname "$(readlink -f "$0")")/progs/lt_burst.c" || exit 1
"$dtrace" -q -c "$dir/lt_burst 200000" -n 'syscall::getppid:entry /pid == $target/ { printf("%d\n", arg0); }' \
	>"$dir/out" 2>"$dir/err"
status=$?
awk 'NF { if ($1 != n) bad++; n++ } END { printf("%d records, %d out of order\n", n, bad) }' "$dir/out"
grep -c 'drop' "$dir/err"
exit $status
