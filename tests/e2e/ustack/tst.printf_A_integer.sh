# With -c, %A takes any integer (DTrace's pfcheck_uaddr with a target): printf() names the
# address in the process that fired, and printa() of an integer key (which carries no process)
# in $target's, after the process has exited.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
timeout 10 "$dtrace" -q -c "$dir/lt_fp" -n '
pid$target:a.out:lt_leaf:entry, pid$target:a.out:lt_mid:entry { printf("%A\n", uregs[R_PC]); @[uregs[R_PC]] = count(); }
END { printa("%A %@d\n", @); }'
