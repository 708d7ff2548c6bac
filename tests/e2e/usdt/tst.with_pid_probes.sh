# USDT and pid probes in one program: the pid provider's entry of lt_left and the USDT probe inside
# it alternate.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'pid$target:a.out:lt_left:entry { printf("entry %d\n", arg0); }' -n 'lt_usdt$target::lt_left:inl { printf("usdt %d %d\n", arg0, arg1); }'
