# -F when two functions share a return instruction (libc's mempcpy jumps into memmove's body;
# here lt_sr_p jumps into lt_sr_m's): lt_sr_m's return fires after lt_sr_p's without an entry of
# its own. It prints at the indentation it finds, and the lines after it keep theirs: every
# "-> lt_sr_outer" and "<- lt_sr_outer" at the same column, not drifting left.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_sharedretmain lt_sharedretmain.c lt_sharedret.S
"$dtrace" -F -c "$dir/lt_sharedretmain" -n 'pid$target:a.out:lt_sr*:entry, pid$target:a.out:lt_sr*:return { }' 2>&1 |
	sed -E '/matched|has exited/d'
