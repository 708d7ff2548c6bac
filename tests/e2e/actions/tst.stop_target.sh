# stop() stops the process that fired the probe (its state becomes T).
dtrace=$1
bash -c 'while :; do :; done' &
victim=$!
"$dtrace" -q -w -n '
profile-997hz
/pid == '$victim'/
{
	stop();
	exit(0);
}'
status=$?
sleep 0.1
state=$(awk '{print $3}' /proc/$victim/stat)
kill -KILL $victim
wait $victim 2>/dev/null
echo "victim state $state"
exit $status
