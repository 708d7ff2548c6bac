# -l with -p: the probes of a running process's libraries, by DTrace's module names (libc
# stands for libc.so.6); the process is left running.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dir/lt_list" wait &
pid=$!
sleep 0.2
timeout 10 "$dtrace" -l -p $pid -n 'pid$target:libc.so.6:malloc:entry' -n 'pid$target:libc:usleep:return'
echo "status $?"
if kill -0 $pid 2>/dev/null; then echo "still running"; fi
kill $pid
wait $pid 2>/dev/null || true
