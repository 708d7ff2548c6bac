# -V prints the D program between plockstat's markers before running it; -e 2 ends tracing of
# a program that would run much longer (the command it started is then killed) and the report
# still comes.
. "$(dirname "$0")/build_prog.sh"
lt_build lt_contended lt_contended.c -pthread
"$plockstat" -V -e 2 "$dir/lt_contended" 1000 20 5 >"$dir/out" 2>"$dir/err"
echo "status $?"
sed -n '1p;$p' "$dir/err"
grep -c '^pid\$target::pthread_mutex_lock:entry,$' "$dir/err"
grep -c '^syscall::futex:entry$' "$dir/err"
sed -n '2p;4p' "$dir/out"
