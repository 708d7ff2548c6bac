# %a of a kernel PC (a profile probe's arg0) is module`function+0xoffset. profile fires on every
# CPU at once and another CPU may fire before exit() takes effect (in DTrace too): only the
# first line counts.
dtrace=$1
timeout 10 "$dtrace" -q -n 'profile-997hz /arg0 != 0/ { printf("%a\n", arg0); exit(0); }' | head -n 1
echo
