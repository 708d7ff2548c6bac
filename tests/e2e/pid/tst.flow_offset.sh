# -F with an offset probe in the middle of a call: it is neither entry nor return, so it prints
# "| function:name" at the current indentation and does not change it.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -F -c "$dir/lt_calls" -n '
pid$target:a.out:lt_outer:entry, pid$target:a.out:lt_outer:return,
pid$target:a.out:lt_middle:1,
pid$target:a.out:lt_inner:entry, pid$target:a.out:lt_inner:return { }'
