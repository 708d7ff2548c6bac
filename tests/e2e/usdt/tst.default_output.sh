# The default output (not quiet): the matched notice and a FUNCTION:NAME line per firing.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -c "$dir/lt_usdt" -n 'lt_usdt$target:::twice' 2>"$dir/err" | sed -E 's/^ +[0-9]+ +[0-9]+ /  CPU ID /'
sed -E 's/pid [0-9]+/pid PID/' "$dir/err"
