# -lv: each call site of a probe with its argument specs (the file offsets masked): pair has two
# sites.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -lv -n 'lt_usdt$target:::pair' -c "$dir/lt_usdt" | sed -E 's/^ +[0-9]+ /   ID /; s/lt_usdt[0-9]+/lt_usdtPID/; s/offset 0x[0-9a-f]+/offset X/'
