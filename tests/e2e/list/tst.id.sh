# -l -i: probes by id, in the order the ids are given.
dtrace=$1
"$dtrace" -l -i 3 -i 1
echo "status $?"
