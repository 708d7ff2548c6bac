# A profile tick that interrupts another program on its CPU (here the syscall provider's, while
# it builds an aggregation key in its scratch area) has a scratch area of its own: the tick's
# key stays "tick", and no interrupted key becomes one of the tick's aggregation.
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
"$dtrace" -q -c "$dir/lt_proc yield" -n '
syscall:::entry /pid == $target/ { @calls[execname, probefunc] = count(); }
profile-4999 { @ticks["tick"] = count(); }
END { printa("%s\n", @ticks); trunc(@calls); }' | sort -u
