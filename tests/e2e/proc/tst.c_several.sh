# Several -c and -p: tracing stops only once every process has exited, each with its notice;
# $target is the first one.
dtrace=$1
dir=$(mktemp -d) || exit 1
printf '#!/bin/sh\nsleep 0.3\necho slow done\n' > "$dir/lt_slow"
chmod +x "$dir/lt_slow"
sleep 0.6 &
sleeper=$!
trap 'kill $sleeper 2>/dev/null; rm -rf "$dir"' EXIT
timeout 10 "$dtrace" -c true -c "$dir/lt_slow" -p $sleeper -n 'END { printf("END\n"); }' 2>"$dir/err"
echo "status $?"
sort "$dir/err" >&2
