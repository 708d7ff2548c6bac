# self-> variables are per thread: each of the 4 threads counts its own 5 calls; the main
# thread's 2 calls are outside any lt_thread_main and counted apart.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_threads lt_threads.c -pthread
"$dtrace" -q -c "$dir/lt_threads" -n '
pid$target:a.out:lt_thread_main:entry { self->in = 1; }
pid$target:a.out:lt_work:entry /self->in/ { self->calls++; }
pid$target:a.out:lt_work:entry /!self->in/ { @outside = count(); }
pid$target:a.out:lt_thread_main:return /self->in/ { @threads[self->calls] = count(); self->in = 0; self->calls = 0; }
END { printa("threads that made %d calls: %@d\n", @threads); printa("calls outside threads: %@d\n", @outside); }'
