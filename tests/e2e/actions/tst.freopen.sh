# freopen() sends what follows to another file (appending); freopen("") comes back to the
# original output, here the -o file.
dtrace=$1
dir=$(mktemp -d) || exit 1
"$dtrace" -q -w -o "$dir/main" -n '
BEGIN
{
	printf("one\n");
	freopen("%s/side", $$1);
	printf("two\n");
	freopen("");
	printf("three\n");
	exit(0);
}' "$dir"
status=$?
echo "main:"; cat "$dir/main"
echo "side:"; cat "$dir/side"
rm -rf "$dir"
exit $status
