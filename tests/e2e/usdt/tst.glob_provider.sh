# A glob in the provider's name (before the pid): lt_us*<PID>.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_us*$target:::zero { printf("%s\n", probename); }'
