# -c runs the command with dtrace's stdout; when it exits, tracing stops: END runs after its
# output and the exit is noticed on stderr. $target is the command's pid, not dtrace's.
dtrace=$1
timeout 10 "$dtrace" -c 'echo hi' -n 'END { printf("target is %s\n", $target == $pid ? "dtrace" : $target > 0 ? "the command" : "zero"); }'
echo "status $?"
