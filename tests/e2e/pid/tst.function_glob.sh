# A glob in the function field: every matching function of the executable, one probe each.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_prog" -n '
pid$target:a.out:lt_*:entry { @[probefunc] = count(); }'
