# The IFUNC lt_pick and its resolver lt_pick_resolver are two names of one address; DTrace
# prefers the function (STT_FUNC) to the non-function (STT_GNU_IFUNC) when it names the probe, so
# the probe asked for as lt_pick_resolver is named lt_pick_resolver. It fires once, at relocation.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:lt_pick_resolver:entry { printf("%s\n", probefunc); }'
