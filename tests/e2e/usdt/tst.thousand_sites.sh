# One probe with 1000 call sites (a macro expanded 1000 times in one function): one probe, 1000
# sites attached in one link, each site's argument its own; 1000 firings summing to 499500.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_many lt_many.c
"$dtrace" -l -n 'lt_many$target:::' -c "$dir/lt_many" | awk 'NR > 1 { print $3, $4, $5 }'
"$dtrace" -lv -n 'lt_many$target:::' -c "$dir/lt_many" | grep -c 'offset 0x'
"$dtrace" -q -c "$dir/lt_many" -n 'lt_many$target:::site { @n = count(); @s = sum(arg0); }' -n 'END { printa("%@d %@d\n", @n, @s); }'
