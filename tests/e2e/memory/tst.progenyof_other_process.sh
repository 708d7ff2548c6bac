# progenyof() in a probe that fires in another process: lt_spin descends from itself and from
# this shell, not from dtrace (its sibling).
dtrace=$1
. ./lt_spin.sh
trap lt_spin_cleanup EXIT
timeout 10 "$dtrace" -q -n '
profile-997
/pid == $1/
{
	printf("%d %d %d %d\n", progenyof($1), progenyof($2), progenyof(1), progenyof($pid));
	exit(0);
}' "$spin" "$$"
