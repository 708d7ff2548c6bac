# A short-lived program reaches its exit with CPU time on its clock: vtimestamp is not 0 at
# exit_group, and it never runs backwards within a thread (entry to return of each call).
dtrace=$1
"$dtrace" -q -c /bin/true -n '
syscall:::entry
/pid == $target/
{
	self->v = vtimestamp;
	@["zero at entry"] = sum(self->v == 0);
}
syscall:::return
/self->v/
{
	@["backwards"] = sum(vtimestamp < self->v);
}
syscall::exit_group:entry
/pid == $target/
{
	printf("exit_group: %s\n", vtimestamp > 0 ? "on the clock" : "zero");
}'
