# -x nolibs leaves the system library out: its names are unknown.
dtrace=$1
"$dtrace" -q -x nolibs -n 'BEGIN { trace(ENOENT); exit(0); }'
echo "status $?"
"$dtrace" -q -n 'BEGIN { trace(ENOENT); exit(0); }'
