# ustack() at a pid entry probe: the probed function first, then its caller (the return address at *(sp), as DTrace adds it at entry probes), then the frame-pointer chain; one frame a line, module`function+0xoff, indented 14 columns.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:entry { ustack(4); exit(0); }' 2>/dev/null
