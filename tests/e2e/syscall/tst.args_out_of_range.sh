# args[] beyond a call's parameters, in DTrace's words: read has three, getpid none, and a
# return probe two (arg0 and arg1, the return value). Each program would stop at once if it ran.
dtrace=$1
"$dtrace" -n 'syscall::read:entry { trace(args[3]); }' -n 'BEGIN { exit(0); }'
"$dtrace" -n 'syscall::getpid:entry { trace(args[0]); }' -n 'BEGIN { exit(0); }'
"$dtrace" -n 'syscall::read:return { trace(args[2]); }' -n 'BEGIN { exit(0); }'
"$dtrace" -q -n 'syscall::read:entry /0/ { trace(args[2]); }' -n 'syscall::read:return /0/ { trace(args[1]); }' -n 'BEGIN { exit(0); }'
echo "status $?"
