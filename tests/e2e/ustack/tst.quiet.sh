# ustack() in quiet mode: a newline, the frames, and the blank line that ends the firing.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_mid:entry { ustack(3); exit(0); }'
