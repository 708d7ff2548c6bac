# -V prints the D program between plockstat's markers before running it; -e 1 adds the
# exit() after a second (BEGIN and tick-10hz), which ends tracing of a program that would run
# much longer (the consumer then kills the command it started).
. "$(dirname "$0")/build_prog.sh"
lt_build lt_contended lt_contended.c -pthread
"$plockstat" -V -e 1 "$dir/lt_contended" 1000 20 5 >"$dir/out" 2>"$dir/err"
echo "status $?"
sed -n '1p;$p' "$dir/err"
grep -c '^pid\$target::pthread_mutex_lock:entry,$' "$dir/err"
grep -A3 '^tick-10hz$' "$dir/err"
sed -n '2p' "$dir/out"
