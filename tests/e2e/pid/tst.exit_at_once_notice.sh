# Without -q, the probe lines and DTrace's notices: the match count, and how the command ended
# (a non-zero status is reported with its value).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_exit lt_exit.c
"$dtrace" -c "$dir/lt_exit" -n 'pid$target:a.out:main:return { trace(arg1); }'
