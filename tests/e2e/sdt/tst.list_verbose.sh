# -lv lists a tracepoint's argument types from its BTF prototype.
dtrace=$1
"$dtrace" -lv -n sdt:sched::sched_switch | sed -E 's/^ +[0-9]+ /   ID /'
