# -F with globs over lt_o*, lt_m* and lt_i* (entry and return: the name glob *n*).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -F -c "$dir/lt_calls" -n 'pid$target:a.out:lt_[mio][nu]*:*n* { }'
