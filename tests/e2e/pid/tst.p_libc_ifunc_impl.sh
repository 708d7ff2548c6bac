# -p: libc's strlen is an IFUNC; its implementations (__strlen_sse2, __strlen_avx2, ..., named
# in the debug symbols) are plain functions: the one this CPU uses sees the program's
# strlen("lt-marker") once, whichever it is.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -w -q -p $lt_pid -n '
pid$target:a.out:lt_ping:entry { raise(10); }
pid$target:libc.so.6:__strlen_*:entry /copyinstr(arg0) == "lt-marker"/ { @ = count(); }
pid$target:libc.so.6:__strlen_*:return /arg1 == 9/ { @nine = count(); }
END { printa("strlen(\"lt-marker\") seen %@d time(s), ", @); printa("%@d return of 9\n", @nine); }'
