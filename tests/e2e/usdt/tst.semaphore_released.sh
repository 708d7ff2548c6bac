# The semaphore goes back to 0 when dtrace exits: after the traced firings, the process reads 0.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_sem lt_sem.c
lt_start lt_sem then
"$dtrace" -w -q -p $lt_pid -n 'BEGIN { system("kill -USR1 %d", $target); }' -n 'lt_sem$target:::tick { printf("tick %d\n", arg0); }' -n 'lt_sem$target:::tick /arg0 == 5/ { exit(0); }'
kill -USR2 $lt_pid
wait $lt_pid
cat "$lt_out"
