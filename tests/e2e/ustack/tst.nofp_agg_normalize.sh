# normalize() of an aggregation whose ustack() key prints unwound: the divisor applies to the key as printed.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_nofp loop" -n 'pid$target:a.out:lt_leaf:entry /n++ < 4/ { @[ustack(3)] = count(); } pid$target:a.out:lt_leaf:entry /n == 5/ { normalize(@, 2); exit(0); }'
