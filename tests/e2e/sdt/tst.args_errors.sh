# Typed args[] of a tracepoint are checked: sched_process_exit has two arguments, and its first is a pointer that cannot be used as a string.
dtrace=$1
"$dtrace" -n 'sdt:sched::sched_process_exit { trace(args[2]); }'
"$dtrace" -n 'sdt:sched::sched_process_exit { trace(strlen(args[0])); }'
echo done
