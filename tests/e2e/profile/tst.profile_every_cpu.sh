# profile-N fires on every online CPU: the CPUs seen in 300ms are exactly the online ones.
dtrace=$1
want=0
IFS=, read -r -a ranges < /sys/devices/system/cpu/online
for r in "${ranges[@]}"; do
	lo=${r%-*}; hi=${r#*-}
	for ((c = lo; c <= hi && c < 63; c++)); do want=$((want | (1 << c))); done
done
# Keep every CPU busy: on this VM a tickless idle CPU may not run its cpu-clock timer at all.
spinners=()
for ((c = 0; c < 63; c++)); do
	if (( want & (1 << c) )); then
		taskset -c "$c" sh -c 'while :; do :; done' &
		spinners+=($!)
	fi
done
got=$("$dtrace" -q -n '
uint64_t mask;
profile-500hz
{
	mask |= 1ULL << cpu;
}
tick-300ms
{
	printf("%d", mask);
	exit(0);
}')
status=$?
kill "${spinners[@]}" 2>/dev/null
wait "${spinners[@]}" 2>/dev/null
got=$(echo $got)
if [ "$got" = "$want" ]; then echo "every online CPU"; else echo "CPU mask $got, online $want"; fi
exit $status
