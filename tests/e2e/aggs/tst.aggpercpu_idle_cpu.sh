# -x aggpercpu prints each CPU's own value after the merged one. A CPU that never updated an
# aggregation shows its starting value: min() the largest 64-bit integer, max() the smallest,
# count() 0. BEGIN runs on CPU 0 (-x cpu=0); the other CPUs' lines are folded into one.
dtrace=$1
"$dtrace" -q -x aggpercpu -x cpu=0 -n 'BEGIN { @lt_min = min(5); @lt_max = max(-5); @lt_count = count(); exit(0); }' |
	sed -E 's/\[CPU [1-9][0-9]*\]/[CPU n]/' | uniq
