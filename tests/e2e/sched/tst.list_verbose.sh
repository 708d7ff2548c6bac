# dtrace -lv gives the sched probes DTrace's argument types.
dtrace=$1
"$dtrace" -lv -n 'sched:::' | grep -E 'args\[|^ *[0-9]' | sed -E 's/^ *[0-9]+//'
