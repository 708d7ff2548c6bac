# This kernel refuses fentry programs (EPERM): a description naming fbt is answered with one
# line saying so, in DTrace's form, instead of "does not match any probes".
dtrace=$1
"$dtrace" -n 'fbt::vfs_read:entry { trace(arg0); }'
echo "status $?"
"$dtrace" -l -n 'fbt:::entry'
echo "status $?"
