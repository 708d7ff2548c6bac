# A function glob that matches nothing is no error of the pid provider: the description matches
# no probes (D_PDESC_ZERO).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls count" -n 'pid$target:a.out:lt_zz*:entry { }'
