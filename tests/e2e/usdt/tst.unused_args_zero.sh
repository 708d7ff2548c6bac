# Arguments beyond those a probe has are 0.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::zero { printf("%d %d %d\n", arg0, arg5, args[11]); }'
