# A string argument's bytes through copyin().
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::str /arg1 == 4/ { printf("%c%c\n", *(char *)copyin(arg0, 1), *(char *)copyin(arg0 + 3, 1)); }'
