# The listing ends with each uprobe site of the probe and how the kernel handles it (issue 20).
# -l -v of a pid probe: every field given, so the weakest of the pid provider's provider,
# module, function and name attributes; its arguments are untyped.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -lv -n 'pid$target:a.out:lt_second:return' -c "$dir/lt_list"
echo "status $?"
