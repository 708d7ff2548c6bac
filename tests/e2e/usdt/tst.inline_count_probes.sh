# -l: the inlined probes are three: lt_left and lt_right's inl, main's pair.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -l -n 'lt_usdt$target:::inl' -n 'lt_usdt$target:::pair' -c "$dir/lt_usdt" | awk 'NR > 1 { print $3, $4, $5 }'
