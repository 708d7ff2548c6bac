# caller is the return address in the interrupted kernel function's caller: in a profile probe it
# names a kernel function (module`function+0xoff with %a).
dtrace=$1
out=$("$dtrace" -q -n 'profile-997 /arg0 != 0 && caller != 0/ { printf("%a\n", caller); exit(0); }')
status=$?
if printf '%s\n' "$out" | grep -Eq '^[A-Za-z0-9_]+`[A-Za-z0-9_.]+\+0x[0-9a-f]+$'; then
	echo "caller named"
else
	echo "caller not named: $out"
fi
exit $status
