# Two clauses on one entry probe, only the second reading arguments (arg1 from a register, arg7
# from the stack), and a return clause reading arg1: the entry stores only what some clause reads,
# and what is read holds each call's own values.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_args lt_args.c
"$dtrace" -q -c "$dir/lt_args" -n '
pid$target:a.out:lt_ten:entry { printf("entry\n"); }
pid$target:a.out:lt_ten:entry { printf("arg1 %d arg7 %d\n", arg1, arg7); }
pid$target:a.out:lt_ten:return { printf("returned %d\n", arg1); }'
