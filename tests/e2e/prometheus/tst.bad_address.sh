# A value that is not [address:]port is refused as a bad option value; names other than
# localhost are not resolved.
dtrace=$1
for v in nowhere:9464 127.0.0.1:65536 1.2.3:80 "[::1]" 9464x; do
	"$dtrace" -x prometheus="$v" -n 'BEGIN { exit(0); }'
	echo "status $?"
done
