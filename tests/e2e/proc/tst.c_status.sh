# The exit notice says how the command ended, as DTrace words it: a zero status "has exited",
# another status "exited with status N", a signal "terminated by SIGNAME". dtrace's own exit
# status does not follow the command's. -q leaves the notice out.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
printf '#!/bin/sh\nexit 7\n' > "$dir/lt_exit7"
printf '#!/bin/sh\nkill -KILL $$\n' > "$dir/lt_killed"
chmod +x "$dir/lt_exit7" "$dir/lt_killed"
for cmd in true "$dir/lt_exit7" "$dir/lt_killed"; do
	timeout 10 "$dtrace" -c "$cmd" -n 'END { }' >/dev/null
	echo "status $?" >&2
done
timeout 10 "$dtrace" -q -c "$dir/lt_exit7" -n 'END { printf("quiet END\n"); }'
echo "status $?"
