# User symbols at a USDT probe: the interrupted pc (uregs[R_PC]) is the probe site, in the
# function the probe is named after (main; lt_left for the inlined probe).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::zero,lt_usdt$target::lt_left:inl { printf("%s ", probefunc); ufunc(uregs[R_PC]); printf("\n"); }'
