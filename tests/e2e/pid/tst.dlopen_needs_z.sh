# Without -Z, a description naming a library the process has not loaded matches nothing: an
# error, as in DTrace.
dtrace=$1
"$dtrace" -q -c /bin/true -n 'pid$target:libnotloaded.so:f:entry {}' 2>&1 | sed 's/pid[0-9][0-9]*/pidN/'
