# Every probe of the provider: the firings per probe, each as often as the program fires it.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target::: { @[probefunc, probename] = count(); }'
