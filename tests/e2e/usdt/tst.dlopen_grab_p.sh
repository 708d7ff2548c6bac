# -p on a process that has dlopen()ed the library already.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_lib.so lt_lib.c -shared -fPIC
lt_build lt_dlopen lt_dlopen.c -ldl
lt_start lt_dlopen
"$dtrace" -w -q -p $lt_pid -n 'BEGIN { system("kill -USR1 %d", $target); }' -n 'lt_lib$target:::work { printf("%s %d\n", probemod, arg0); }'
