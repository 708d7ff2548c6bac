# A glob in the function field: the probes in lt_left and lt_right only.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target::lt_[lr]*: { @[probefunc, probename] = count(); }'
