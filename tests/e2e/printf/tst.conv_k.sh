# %k prints a stack() one frame per line, not indented. profile fires on every CPU at once and
# another CPU may fire before exit() takes effect (in DTrace too): only the first record counts.
dtrace=$1
timeout 10 "$dtrace" -q -n 'profile-997hz /arg0 != 0/ { printf("stack:%kend\n", stack()); exit(0); }' |
	awk '/^stack:/ { n++ } n == 1 { print } /^end$/ && n == 1 { exit }'
echo
