# With -x droptags, a drop report starts with the kind of drop, as DTrace's does:
# "dtrace: [DTRACEDROP_PRINCIPAL] N drops on CPU C".
dtrace=$1
err=$(timeout 10 "$dtrace" -q -x droptags -x bufsize=4k -n '
BEGIN
{
	lt_s = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
}
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }
tick-1ms { exit(0); }' 2>&1 >/dev/null)
status=$?
drops=$(printf '%s\n' "$err" | grep -Ec '^dtrace: \[DTRACEDROP_PRINCIPAL\] [0-9]+ drops? on CPU [0-9]+$')
other=$(printf '%s\n' "$err" | grep -Evc '^dtrace: \[DTRACEDROP_PRINCIPAL\] [0-9]+ drops? on CPU [0-9]+$|^$')
echo "drop reports: $([ "$drops" -gt 0 ] && echo yes || echo no), other messages: $other"
[ "$other" = 0 ] || printf '%s\n' "$err" >&2
exit $status
