# libc's strlen implementations (an IFUNC's targets, named in libc's debug symbols) on a -c
# command: the program's strlen("lt-marker") is seen once, whichever implementation this CPU
# uses; lt_greet's strlen("hello") too.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:libc.so.6:__strlen_*:entry /copyinstr(arg0) == "lt-marker" || copyinstr(arg0) == "hello"/ { @[copyinstr(arg0)] = count(); }'
