# -o FILE sends the traced output to FILE (appending); stdout gets nothing.
dtrace=$1
f=${TMPDIR:-/tmp}/e2e_o_file.$$
echo "existing line" > "$f"
"$dtrace" -o "$f" -n 'BEGIN { trace("traced"); exit(0); }' > "$f.stdout" 2> "$f.stderr"
status=$?
echo "--- stdout"
cat "$f.stdout"
echo "--- stderr"
cat "$f.stderr"
echo "--- file"
cat "$f"
rm -f "$f" "$f.stdout" "$f.stderr"
exit $status
