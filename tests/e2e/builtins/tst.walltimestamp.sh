# walltimestamp is nanoseconds since the epoch: it agrees with date(1) to within 2 seconds.
dtrace=$1
before=$(date +%s)
wall=$("$dtrace" -q -n 'BEGIN { printf("%d", walltimestamp / 1000000000); exit(0); }')
status=$?
after=$(date +%s)
wall=$(echo $wall)
if [ -n "$wall" ] && [ "$wall" -ge $((before - 2)) ] && [ "$wall" -le $((after + 2)) ]; then
	echo "walltimestamp ok"
else
	echo "walltimestamp $wall, date $before..$after"
fi
exit $status
