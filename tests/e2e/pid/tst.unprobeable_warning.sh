# A glob over functions one of which starts with a LOCK-prefixed instruction (lt_locked, which a
# uprobe cannot take): dtrace skips it with a warning that names it, and traces the others
# (lt_plain_asm, called twice). The wording of the warning is bdtrace's own (DTrace's fasttrap has
# no such limit), so the test only checks that the warning names the function.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_lock lt_lockmain.c lt_lock.S
"$dtrace" -q -c "$dir/lt_lock" -n 'pid$target:a.out:lt_*:entry { @[probefunc] = count(); }' 2>"$dir/err"
status=$?
grep -q lt_locked "$dir/err" && echo "the warning names lt_locked"
grep -q lt_plain_asm "$dir/err" && echo "the warning names lt_plain_asm"
exit $status
