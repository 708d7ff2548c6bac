# A profile clause that filters on /pid == $target/ samples the -c command while it runs; the
# aggregation is printed when it exits. Only the deterministic parts are checked: the command
# was sampled, dtrace itself never was.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
printf '#!/bin/sh\ni=0\nwhile [ $i -lt 300000 ]; do i=$((i + 1)); done\n' > "$dir/lt_busy"
chmod +x "$dir/lt_busy"
timeout 15 "$dtrace" -q -c "$dir/lt_busy" -n '
profile-97 /pid == $target/ { @ = count(); n++; }
profile-97 /pid == $pid/ { self_samples++; }
END { printf("command sampled: %s, dtrace sampled: %s\n", n > 0 ? "yes" : "no", self_samples > 0 ? "yes" : "no"); }'
echo "status $?"
