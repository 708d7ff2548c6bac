# Typed args[] are checked as DTrace checks them: getcwd has two arguments, and a char * is not
# copyinstr()'s uintptr_t (arg0, untyped, is).
dtrace=$1
"$dtrace" -n 'syscall::getcwd:entry { trace(args[2]); }'
"$dtrace" -n 'syscall::getcwd:entry { trace(copyinstr(args[0])); }'
"$dtrace" -q -n 'syscall::getcwd:entry { trace(copyinstr(arg0)); }' -n 'BEGIN { exit(0); }'
echo "status $?"
