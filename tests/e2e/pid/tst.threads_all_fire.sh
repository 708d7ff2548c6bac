# Every thread fires: 4 threads call lt_work(n, 100) 5 times each (n = 1..4), the main thread
# lt_work(0, 7) twice.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_threads lt_threads.c -pthread
"$dtrace" -q -c "$dir/lt_threads" -n 'pid$target:a.out:lt_work:entry { @[arg0] = count(); }'
