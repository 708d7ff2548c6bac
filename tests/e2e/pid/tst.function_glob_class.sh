# Character classes and ? in a function glob: lt_[mo]?[dt]* is lt_middle and lt_outer.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_[mo]?[dt]*:entry { printf("%s\n", probefunc); }'
