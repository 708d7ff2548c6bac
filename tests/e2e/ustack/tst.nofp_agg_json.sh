# The unwound key in JSON output: the frames of the first sample, as in text.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -x oformat=json -c "$dir/lt_nofp loop" -n 'pid$target:a.out:lt_leaf:entry /n++ < 2/ { @s[ustack()] = count(); } pid$target:a.out:lt_leaf:entry /n == 3/ { exit(0); }'
