# A glob in the module field, and the module spelled a.out; both show the executable's file name,
# as the pid provider does.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:lt_u*::zero { printf("glob %s\n", probemod); }' -n 'lt_usdt$target:a.out::zero { printf("a.out %s\n", probemod); }'
