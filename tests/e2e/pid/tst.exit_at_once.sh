# A command that returns from main at once (lt_exit returns 3): main's entry and return still
# fire, and the trace ends when it exits.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_exit lt_exit.c
"$dtrace" -q -c "$dir/lt_exit" -n '
pid$target:a.out:main:entry { printf("main(%d)\n", arg0); }
pid$target:a.out:main:return { printf("main returns %d\n", arg1); }'
