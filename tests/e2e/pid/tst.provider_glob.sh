# A provider glob that "pid" matches, with the process's digits (p*d$target), names the pid
# provider's probes of that process, as pid$target does; the probes are pid<N>'s.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_args lt_args.c
"$dtrace" -q -c "$dir/lt_args" -n 'p*d$target:a.out:lt_ten:entry, p?d$target::lt_ten:return {
	printf("%s %s:%s:%s\n", probeprov == strjoin("pid", lltostr($target)) ? "pid$target" : probeprov,
	    probemod, probefunc, probename);
}'
