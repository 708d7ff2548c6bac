# A fault in a syscall clause (copyinstr() of openat's flags, a small number, as an address)
# prints DTrace's error line, fires ERROR with the clause's epid, abandons the clause, and
# tracing goes on for the next calls.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::openat:entry /pid == $target/ { printf("%s\n", copyinstr(arg2)); }
syscall::openat:entry /pid == $target/ { printf("flags %d\n", arg2); }
ERROR { printf("ERROR epid %d\n", arg1); }' 2>"$dir/err"
sed -E 's/\(ID [0-9]+: /(ID nnn: /; s/ at DIF offset [0-9]+$//' "$dir/err"
