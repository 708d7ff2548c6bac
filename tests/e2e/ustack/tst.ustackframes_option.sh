# -x ustackframes bounds ustack() without an argument.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -x ustackframes=2 -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { ustack(); exit(0); }'
