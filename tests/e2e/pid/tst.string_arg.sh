# A string argument read with copyinstr(arg0) at entry; its length returned (lt_greet("hello")).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_greet:entry { printf("lt_greet(\"%s\")\n", copyinstr(arg0)); }
pid$target:a.out:lt_greet:return { printf("= %d\n", arg1); }'
