# -p: a running process's library probes.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_lib.so lt_lib.c -shared -fPIC
lt_build lt_linked lt_linked.c -L"$dir" -llt_lib
lt_start lt_linked
"$dtrace" -w -q -p $lt_pid -n 'BEGIN { system("kill -USR1 %d", $target); }' -n 'lt_lib$target:::work { printf("%d\n", arg1); }'
