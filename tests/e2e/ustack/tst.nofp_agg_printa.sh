# printa() of a ustack() key that is not the first key element, at a probe in code without frame pointers: the unwound stack, and the entry is not printed again at exit.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_nofp loop" -n 'pid$target:a.out:lt_leaf:entry /n++ < 2/ { @[probefunc, ustack(5)] = count(); } pid$target:a.out:lt_leaf:entry /n == 3/ { printa(@); exit(0); }'
