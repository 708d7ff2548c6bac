# pid$target:a.out:main:entry and :return on a -c command: main's argc (the command has two
# arguments) at entry, its return value 0 at return.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls one two" -n '
pid$target:a.out:main:entry { printf("main(%d)\n", arg0); }
pid$target:a.out:main:return { printf("main returns %d\n", arg1); }'
