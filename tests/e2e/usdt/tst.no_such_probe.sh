# A probe name the provider does not have: no probe matches; with -Z, tracing runs with none.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -Z -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::nosuch { trace(1); }'
