# The parent's return values around the fork, in order; nothing from the child (pid != $target
# never holds).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_fork lt_fork.c
"$dtrace" -q -c "$dir/lt_fork" -n '
pid$target:a.out:lt_work:return /pid == $target/ { printf("%d\n", arg1); }
pid$target:a.out:lt_work:return /pid != $target/ { printf("child fired\n"); }'
