# printa() with %k prints a ustack() key one frame a line (%-20k: indented 20 columns).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp" -n 'pid$target:a.out:lt_leaf:entry { @[ustack(2)] = count(); } END { printa("%k|%@d\n", @); printa("%-20k|%@d\n", @); }'
