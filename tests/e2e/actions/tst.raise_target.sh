# raise() sends a signal to the process that fired the probe.
dtrace=$1
bash -c 'while :; do :; done' &
victim=$!
"$dtrace" -q -w -n '
profile-997hz
/pid == '$victim'/
{
	raise(15);
	exit(0);
}'
status=$?
wait $victim
echo "victim status $?"
exit $status
