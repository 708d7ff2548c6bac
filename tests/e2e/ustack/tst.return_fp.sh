# ustack() at a pid return probe (a uprobe on the returning instruction): the function at its ret, then its caller (the return address at *(sp): the frame is gone), then the chain; one frame a line, module`function+0xoff, indented 14 columns.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -c "$dir/lt_fp loop" -n 'pid$target:a.out:lt_leaf:return { ustack(4); exit(0); }' 2>/dev/null
