# The return values of the thread functions (each returns its argument, 1 to 4), summed; and
# the entry arguments of the threads' lt_work calls, summed (5 * (101 + 102 + 103 + 104)).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_threads lt_threads.c -pthread
"$dtrace" -q -c "$dir/lt_threads" -n '
pid$target:a.out:lt_thread_main:return { @ret = sum(arg1); }
pid$target:a.out:lt_work:return /tid != pid/ { @work = sum(arg1); }
END { printa("threads returned %@d in all, lt_work ", @ret); printa("%@d\n", @work); }'
