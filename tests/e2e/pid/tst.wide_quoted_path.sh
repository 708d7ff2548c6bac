# A system-wide description names its file by a double-quoted path written in the program (beyond
# DTrace, whose descriptions cannot hold a '/'); the notice names the description whole.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_short lt_short.c
"$dtrace" -w -n "pid*:\"$dir/lt_short\":lt_once:entry { @n = count(); }" \
	-n "pid*:\"$dir/lt_short\":lt_done:entry { exit(0); }" \
	-n "BEGIN { system(\"$dir/lt_short; $dir/lt_short done\"); }" \
	-n 'END { printa("calls %@d\n", @n); }' -q 2>&1
"$dtrace" -n "pid*:\"$dir/lt_short\":lt_once:entry" -n 'BEGIN { exit(0); }' 2>&1 >/dev/null | sed "s|$dir|DIR|"
