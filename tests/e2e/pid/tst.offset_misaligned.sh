# An offset inside an instruction is refused with DTrace's words, and the command is not run.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_prog" -n 'pid$target:a.out:lt_work:2 { }'
