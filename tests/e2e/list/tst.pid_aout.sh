# -l with -c: the command is created (held before its first instruction), its probes listed by
# the module DTrace shows (the executable's file name for a.out), in address order, and it is
# killed without ever running. A function wider than its column pushes the name right.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n 'pid$target:a.out:lt_*:entry' -c "$dir/lt_list" >"$dir/out"
echo "status $?"
cat "$dir/out"
pid=$(sed -nE 's/^ *[0-9]+ +pid([0-9]+) .*/\1/p' "$dir/out" | head -1)
if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then echo "still running"; else echo "gone"; fi
