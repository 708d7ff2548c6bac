# Is-enabled probes untraced: the program sees its semaphore 0 and skips the probes.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_sem lt_sem.c
"$dir/lt_sem"
