# id is the probe's id: a call's entry and return probes have consecutive ids.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n 'syscall::getppid:entry /pid == $target/ { self->id = id; } syscall::getppid:return /pid == $target/ { printf("%d\n", id - self->id); }'
