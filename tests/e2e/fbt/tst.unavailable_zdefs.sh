# With -Z, a description fbt cannot serve matches nothing: the reason is said once, and the
# other probes are traced; -l (which implies -Z) says it in place of DTrace's "No probe matches
# description" and lists the other descriptions' probes.
dtrace=$1
"$dtrace" -q -Z -n 'fbt::vfs_read:entry { trace(1); }' -n 'fbt::vfs_write:entry { trace(1); }' -n 'BEGIN { printf("begin\n"); exit(0); }'
echo "status $?"
"$dtrace" -l -n 'fbt:::entry' -n 'dtrace:::BEGIN'
echo "status $?"
