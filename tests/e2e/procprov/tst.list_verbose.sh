# dtrace -lv gives the proc probes DTrace's argument types.
dtrace=$1
"$dtrace" -lv -n 'proc:::exit,proc:::create,proc:::lwp-create,proc:::signal-send,proc:::signal-handle,proc:::signal-clear' | grep -E 'args\[|^ *[0-9]' | sed -E 's/^ *[0-9]+//'
