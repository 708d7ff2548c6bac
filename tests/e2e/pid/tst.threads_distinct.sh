# The threads are distinct: one aggregation key per tid, so 4 keys of 5 calls each (counted by
# value, since the tids themselves change from run to run).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_threads lt_threads.c -pthread
"$dtrace" -q -c "$dir/lt_threads" -n '
pid$target:a.out:lt_work:entry /tid != pid/ { calls[tid]++; }
pid$target:a.out:lt_thread_main:return { @[calls[tid]] = count(); }'
