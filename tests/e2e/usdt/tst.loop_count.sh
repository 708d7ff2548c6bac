# A probe in a loop: exactly 100 firings, arguments 0..99 summing to 4950.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::loop { @n = count(); @s = sum(arg0); @m = max(arg0); }' -n 'END { printa("%@d %@d %@d\n", @n, @s, @m); }'
