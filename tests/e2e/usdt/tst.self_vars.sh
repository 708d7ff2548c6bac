# Thread-local variables across USDT probes: the sum of loop's arguments carried to func-entry.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::zero { self->s = 0; }' -n 'lt_usdt$target:::loop { self->s += arg0; }' -n 'lt_usdt$target:::func-entry /arg0 == 3/ { printf("%d\n", self->s); }'
