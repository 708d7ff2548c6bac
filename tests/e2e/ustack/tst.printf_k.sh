# printf %k of ustack(): the frames one a line, not indented.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { printf("stack:%kend\n", ustack(2)); exit(0); }'
