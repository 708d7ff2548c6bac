# A C probe name with "__" is DTrace's name with "-": func__entry is func-entry.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt$target:::func-entry { printf("%s %d\n", probename, arg0); }'
