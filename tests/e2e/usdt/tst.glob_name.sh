# A glob in the name field: every probe whose name starts with s (sizes, str) in id order.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::s* { @[probename] = count(); }'
