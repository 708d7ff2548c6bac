# proc:::signal-send from the target to its child: fires in the sender, args[1] is the receiver.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc child" -n 'proc:::signal-send /pid == $target/ { printf("%d %d %d %d\n", args[2], args[1]->pr_pid != $target, args[1]->pr_ppid == $target, pid == $target); }'
