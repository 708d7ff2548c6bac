# -p: a function libc does not have, in libc named as libc: the error names the module by its
# file name, libc.so.6.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
lt_start lt_calls
"$dtrace" -q -p $lt_pid -n 'pid$target:libc:lt_nosuch:entry { }'
