# A return probe whose clauses do not read arg0 is served by the kernel's return trampoline
# (issue 20): it still fires on every return, through either of a function's return paths, with
# the right arg1; a function left by longjmp() does not return, so its return probe does not
# fire (as with DTrace's probe on the returning instruction), and the next calls' returns do.
# The functions start with endbr64, so the trampoline's trap sits on the push after it.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_paths lt_paths.c -fcf-protection=full
"$dtrace" -q -c "$dir/lt_paths" -n '
pid$target:a.out:lt_two:return { printf("two <- %d\n", arg1); }
pid$target:a.out:lt_mid:entry { printf("mid -> %d\n", arg0); }
pid$target:a.out:lt_mid:return { printf("mid <- %d\n", arg1); }
pid$target:a.out:lt_deep:return { printf("deep <-\n"); }
pid$target:a.out:lt_leaf:return { @n = count(); @s = sum(arg1); }
END { printa("leaf %@d returns, sum %@d\n", @n, @s); }'
