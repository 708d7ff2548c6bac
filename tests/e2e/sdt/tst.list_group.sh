# The tracepoint's group is the probe's module: the raw_syscalls group's two tracepoints.
dtrace=$1
"$dtrace" -l -n 'sdt:raw_syscalls::' | sed -E 's/^ +[0-9]+ /   ID /'
