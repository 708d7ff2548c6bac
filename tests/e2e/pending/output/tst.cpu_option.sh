#!/bin/bash
# -x cpu=N: BEGIN and END run on CPU N, a tick probe fires there, and a profile probe's
# clauses act only there (the other CPUs have no buffer), for the first and the last CPU.
dtrace=$1
last=$(($(getconf _NPROCESSORS_ONLN) - 1))
for c in 0 $last; do
	got=$($dtrace -xcpu=$c -qn '
	    BEGIN { printf("%d", cpu); }
	    profile-199 { @cpus[cpu] = count(); }
	    tick-50ms /n++ == 3/ { printf(" %d", cpu); exit(0); }
	    END { printf(" %d", cpu); printa(" %d", @cpus); printf("\n"); }')
	[ "$got" = "$c $c $c $c" ] && echo "cpu $c: ok" || echo "cpu $c: got '$got'"
done | sed "s/^cpu $last:/cpu last:/"
