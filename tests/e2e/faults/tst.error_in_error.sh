# A fault inside an ERROR clause is not reported as an error on that probe: it is counted
# and reported as "error in ERROR probe enabling". (Lines sorted: their order is not fixed.)
dtrace=$1
timeout 10 "$dtrace" -q -n '
BEGIN
{
	trace(*(int *)0);
}
ERROR
{
	trace(*(int *)8);
}
tick-100ms
{
	exit(0);
}' 2>&1 | sed -E 's/ at DIF offset [0-9]+$//' | sort
