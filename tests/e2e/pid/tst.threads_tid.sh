# A predicate on tid: the main thread's tid is the process id, the 4 other threads' are not.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_threads lt_threads.c -pthread
"$dtrace" -q -c "$dir/lt_threads" -n '
pid$target:a.out:lt_work:entry /tid == pid/ { @main = count(); }
pid$target:a.out:lt_work:entry /tid != pid/ { @others = count(); }
END { printa("main thread %@d\n", @main); printa("other threads %@d\n", @others); }'
