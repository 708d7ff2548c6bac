# -l -f: the argument is [[provider:]module:]function; empty fields match anything.
dtrace=$1
"$dtrace" -l -f dtrace::
echo "status $?"
