# sched_process_exit's args[0] is a struct task_struct *: its comm and pid, through the kernel's types.
dtrace=$1
. "$(dirname "$0")/../syscall/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'sdt:sched::sched_process_exit /pid == $target/ { printf("%s %d\n", stringof(args[0]->comm), args[0]->pid == $target); }'
