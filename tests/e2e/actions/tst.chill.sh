# chill(ns) under -w spins for that long: 200ms of chill make the run last at least 150ms.
dtrace=$1
start=$(date +%s%N)
"$dtrace" -q -w -n 'BEGIN { chill(200000000); exit(0); }' >/dev/null
status=$?
end=$(date +%s%N)
ms=$(( (end - start) / 1000000 ))
if [ $ms -ge 150 ]; then echo "chilled"; else echo "only ${ms}ms"; fi
exit $status
