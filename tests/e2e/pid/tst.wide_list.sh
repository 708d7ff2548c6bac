# -l of system-wide pid probes: listed once, under the provider "pid" (no pid: every process),
# whatever pattern named them (two patterns give the same probe id); the module is the path
# given, or a library's base name.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_short lt_short.c
"$dtrace" -l -n 'pid*:$1:lt_once:entry' -n 'p*d:$1:lt_once:entry' "$dir/lt_short" | awk 'NR > 1 { print $1 }' | uniq | wc -l
"$dtrace" -l -n 'pid:$1:lt_done:' "$dir/lt_short" |
	sed -E 's/^ +[0-9]+ /   ID /; s|'"$dir"'|DIR|' | awk '{ print $1, $2, $3, $4, $5 }'
"$dtrace" -l -n 'pid*:libc:getpid:entry' | sed -E 's/^ +[0-9]+ /   ID /' | awk '{ print $1, $2, $3, $4, $5 }'
