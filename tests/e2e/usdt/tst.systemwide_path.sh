# System-wide (beyond DTrace): a provider without a pid and a module that is a path (a macro
# argument): the probe fires in the process started after the probes were attached; probeprov has no
# pid.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_usdt lt_usdt.c
"$dtrace" -q -c "$dir/lt_usdt" -n 'lt_usdt:$1::func-entry { printf("%s %d %d\n", probeprov, arg0, pid == $target); }' "$dir/lt_usdt"
