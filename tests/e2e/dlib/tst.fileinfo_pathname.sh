# fi_pathname is the whole path of an open file, across mounts: the -c command's stdout is a file
# the test made, its stdin /dev/null (devtmpfs, mounted on /dev).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
mkdir -p "$dir/lt_sub"
"$dtrace" -q -c "$dir/lt_calls" -o "$dir/lt_sub/lt_trace.out" -n '
pid$target:a.out:lt_first:entry
{
	printf("%s\n%s %s\n", fds[1].fi_pathname == $$1 ? "stdout matches" : fds[1].fi_pathname,
	    fds[0].fi_pathname, fds[0].fi_mount);
}' "$(cd "$dir" && pwd -P)/lt_sub/lt_stdout" >"$dir/lt_sub/lt_stdout" </dev/null
cat "$dir/lt_sub/lt_trace.out"
