# A glob over functions one of which starts with a LOCK-prefixed instruction (lt_locked, which a
# uprobe cannot take): the others are traced (lt_plain_asm is called twice). The warning that
# should name lt_locked: pending/pid/tst.unprobeable_warning.sh.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_lock lt_lockmain.c lt_lock.S
"$dtrace" -q -c "$dir/lt_lock" -n 'pid$target:a.out:lt_*:entry { @[probefunc] = count(); }'
