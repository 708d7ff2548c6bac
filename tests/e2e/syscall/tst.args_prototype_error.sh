# write's args[1] is a user-space char *: copyinstr() wants its address as a uintptr_t, as in
# DTrace (the cast is what tst.args_openat_copyinstr.sh does).
dtrace=$1
"$dtrace" -n 'syscall::write:entry /0/ { trace(copyinstr(args[1])); }' -n 'BEGIN { exit(0); }'
echo "status $?"
