# System-wide: one attachment, firings in two processes running the file (a -p-less run: the test
# releases the waiting one with SIGUSR1 once tracing is live).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
lt_start lt_usdt
first=$lt_pid
lt_start lt_usdt
second=$lt_pid
"$dtrace" -q -w -n '
lt_usdt:$1::func-entry { @[pid == '"$first"' ? "first" : pid == '"$second"' ? "second" : "other"] = count(); }
lt_usdt:$1::func-entry /arg0 == 3 && ++n == 2/ { exit(0); }
BEGIN { system("kill -USR1 '"$first $second"'"); }' "$dir/lt_usdt"
