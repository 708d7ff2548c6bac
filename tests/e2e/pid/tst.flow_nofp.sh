# -F in the build without frame pointers: the same layout.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c -fomit-frame-pointer
"$dtrace" -F -c "$dir/lt_calls" -n '
pid$target:a.out:lt_outer:entry, pid$target:a.out:lt_outer:return,
pid$target:a.out:lt_middle:entry, pid$target:a.out:lt_middle:return,
pid$target:a.out:lt_inner:entry, pid$target:a.out:lt_inner:return { }'
