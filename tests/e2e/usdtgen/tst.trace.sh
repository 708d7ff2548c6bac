# The probes of a program built with dtrace -h and -G (../usdtgen/progs), traced with -c:
# prov$target:::name with DTrace's names (many__args is "many-args"), their arguments, and
# every _ENABLED() true while its probe is traced (the "enabled" probe reports them).
dtrace=$1
. ./build_prog.sh
lt_make "$dtrace"
"$dtrace" -q -c "$dir/lt_usdt -q" -n '
lt$target:::enabled { printf("enabled zero=%d one=%d many-args=%d\n", arg0, arg1, arg2); }
lt$target:::zero { printf("zero\n"); }
lt$target:::one { printf("one %d\n", arg0); }
lt$target:::many-args { printf("many-args %d %s %d %s\n", arg0, copyinstr(arg1), arg2, copyinstr(arg3)); }
'
