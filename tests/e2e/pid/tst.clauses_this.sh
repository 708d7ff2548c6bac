# this-> variables set by one clause are seen by the next clause of the same firing.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_work:entry { this->twice = arg0 * 2; }
pid$target:a.out:lt_work:entry { printf("%d %d\n", arg0, this->twice); }'
