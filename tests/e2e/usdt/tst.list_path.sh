# -l of a file rather than a process, named by its path through a macro argument; no process
# runs. The probes' module is the file's name, as DTrace names modules.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -l -n 'lt_usdt:$1::*e*' "$dir/lt_usdt" | sed -E 's/^ +[0-9]+ /   ID /; s|'"$dir"'|DIR|' | awk '{ print $1, $2, $3, $4, $5 }'
