# -lv names each uprobe site of a pid probe, the instruction there and the kernel's path (issue
# 20): an entry on an endbr64 function sits on the push after it (emulated); a return probe
# lists the return trampoline's trap and its ret sites (single-stepped).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_paths lt_paths.c -fcf-protection=full
"$dtrace" -lv -n 'pid$target:a.out:lt_six:entry,pid$target:a.out:lt_leaf:return' -c "$dir/lt_paths" |
	sed -n '/Uprobe Sites/,/^$/p'
