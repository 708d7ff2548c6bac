# min(), max() and avg() of an argument over the 7 calls (0 to 6).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n '
pid$target:a.out:lt_work:entry { @lo = min(arg0); @hi = max(arg0); @mean = avg(arg0); }
END { printa("min %@d max ", @lo); printa("%@d avg ", @hi); printa("%@d\n", @mean); }'
