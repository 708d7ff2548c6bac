# Only traced probes' semaphores count: with "enabled" and "one" traced, _ENABLED() of
# "zero" and "many-args" stay 0 in the program, and "one"'s is not.
dtrace=$1
. ./build_prog.sh
lt_make "$dtrace"
"$dtrace" -q -c "$dir/lt_usdt -q" -n '
lt$target:::enabled { printf("enabled zero=%d one=%d many-args=%d\n", arg0, arg1, arg2); }
lt$target:::one { printf("one %d\n", arg0); }
'
