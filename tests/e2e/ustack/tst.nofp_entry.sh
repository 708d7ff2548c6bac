# Code built without frame pointers: the record carries the registers and a copy of the stack, and the consumer unwinds it with each module's .eh_frame, through the C library (Debian's has no frame pointers either) to _start.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_nofp loop" -n 'pid$target:a.out:lt_leaf:entry { ustack(); exit(0); }'
