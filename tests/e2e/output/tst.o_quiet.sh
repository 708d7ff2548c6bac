# -q -o FILE: printf output and the final newline go to the file.
dtrace=$1
f=${TMPDIR:-/tmp}/e2e_o_quiet.$$
rm -f "$f"
"$dtrace" -q -o "$f" -n 'BEGIN { printf("one\n"); } BEGIN { printf("two\n"); exit(0); }'
status=$?
echo "--- file"
cat "$f"
rm -f "$f"
exit $status
