# A command that exits at once: END runs after it has gone, with the count of what fired.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_exit lt_exit.c
"$dtrace" -q -c "$dir/lt_exit" -n '
pid$target:a.out:main:entry { n++; }
END { printf("main entered %d time(s)\n", n); }'
