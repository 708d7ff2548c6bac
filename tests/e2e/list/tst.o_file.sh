# -l -o: the listing is appended to the file; stdout stays empty.
dtrace=$1
f=$(mktemp) || exit 1
trap 'rm -f "$f"' EXIT
echo "before" >"$f"
"$dtrace" -l -n END -o "$f"
echo "status $?"
cat "$f"
