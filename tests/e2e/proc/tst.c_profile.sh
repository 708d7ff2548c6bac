# A profile clause that filters on /pid == $target/ samples the -c command while it runs; the
# aggregation is printed when it exits. Only the deterministic part is checked: the command was
# sampled (whether dtrace's own brief wake-ups are ever sampled depends on the machine's load).
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
printf '#!/bin/sh\ni=0\nwhile [ $i -lt 300000 ]; do i=$((i + 1)); done\n' > "$dir/lt_busy"
chmod +x "$dir/lt_busy"
timeout 15 "$dtrace" -q -c "$dir/lt_busy" -n '
profile-97 /pid == $target/ { @ = count(); n++; }
END { printf("command sampled: %s\n", n > 0 ? "yes" : "no"); }'
echo "status $?"
