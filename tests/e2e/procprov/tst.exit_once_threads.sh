# proc:::exit fires once per process, in its last thread, though two threads exit.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc thread" -n 'proc:::exit /pid == $target/ { lt_n++; } END { printf("%d\n", lt_n); }'
