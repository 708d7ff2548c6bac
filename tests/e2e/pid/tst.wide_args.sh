# A system-wide probe in two processes run one after the other from the same file: the predicate
# reads arg0, the body arg1 and arg8 (from the stack); each process's firings carry its own calls'
# arguments, and the clause on the file's other calls reads none.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_args lt_args.c
"$dtrace" -w -q -n '
pid*:$1:lt_ten:entry /arg0 == 10/ { printf("%s arg1 %d arg8 %d\n", execname, arg1, arg8); }
pid*:$1:lt_ten:return { n++; }
pid*:$1:lt_ten:return /n == 4/ { exit(0); }
BEGIN { system("%s; %s", $$1, $$1); }' "$dir/lt_args"
