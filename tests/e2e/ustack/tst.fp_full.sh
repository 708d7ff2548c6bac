# With frame pointers in the program and none in the C library, the unwinder still reaches _start.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_mid:entry { ustack(); exit(0); }'
