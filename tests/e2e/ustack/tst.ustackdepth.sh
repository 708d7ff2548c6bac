# ustackdepth counts every frame of the user stack: at lt_leaf at least lt_leaf, lt_mid, lt_top and main.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { printf("%d\n", ustackdepth >= 4); exit(0); }'
