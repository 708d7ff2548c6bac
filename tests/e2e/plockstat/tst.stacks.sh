# -s 3: every row gets the rule and legend above it and, below, the histogram of its times
# beside its stack (the frames after the lock function: the waiter, then glibc's thread start;
# 3 frames deep less the first). The buckets depend on timing: the histogram lines are checked
# for their layout (the frames beside them or below them), and their counts must add up to
# the row's.
. "$(dirname "$0")/build_prog.sh"
lt_build lt_contended lt_contended.c -pthread
"$plockstat" -C -s 3 "$dir/lt_contended" 3 20 5 >"$dir/out" 2>"$dir/err"
echo "status $?"
sed -E 's/\+0x[0-9a-f]+/+0xOFF/g' "$dir/out" | awk '
/^ *[0-9]+ +[0-9]+ lt_contended`lt_lock / { $2 = ($2 >= 20000000) ? "ok" : "TOO-LOW"; printf "%5s %8s %-28s %s\n", $1, $2, $3, $4; next }
/^ +[0-9]+ \|[@ ]{24}\| +[0-9]+/ {
	total += substr($0, 39, 5)
	frame = substr($0, 45)
	if (frame != "") print "FRAME " frame
	next
}
/^ {43} / { print "FRAME " substr($0, 45); next }
{ print }
END { print "histogram total " total }'
