# -x maxframes bounds every user stack: ustack() prints at most that many frames (whatever it
# asks for), ustackdepth counts at most that many, recorded or in an expression.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -x maxframes=2 -c "$dir/lt_fp loop" -n '
pid$target:a.out:lt_leaf:entry {
	printf("depth %d, in an expression %d\n", ustackdepth, ustackdepth + 0);
	ustack(10);
	exit(0);
}'
