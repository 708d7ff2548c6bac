# Two names for one function (lt_alias is an alias of lt_alias_target): one probe, named after
# the name DTrace prefers (both global, no leading underscores, same size: the first in
# alphabetical order, lt_alias); it fires for the calls through both names.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_alias_target:entry { printf("%s(%d)\n", probefunc, arg0); }'
