# Entry and return paired through self->: each completed read, pread64 and write is counted once, with a non-negative duration.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -q -c "$dir/lt_sys" -n '
syscall::read:entry, syscall::pread64:entry, syscall::write:entry /pid == $target/ { self->ts[probefunc] = timestamp; }
syscall::read:return, syscall::pread64:return, syscall::write:return /self->ts[probefunc]/ {
	@n[probefunc] = count();
	@neg[probefunc] = sum(timestamp < self->ts[probefunc]);
	self->ts[probefunc] = 0;
}
END { printa("%-8s %@d calls\n", @n); printa("%-8s %@d negative\n", @neg); }'
