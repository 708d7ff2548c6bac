# A pid provider description for a process that cannot be grabbed says why, in libproc's words:
# one that does not exist, and a zombie (whose address space is gone).
dtrace=$1
"$dtrace" -n 'pid2147483646:::entry'
echo "status $?"
# The shell's child exits; the shell then becomes sleep, which never reaps it.
exec 3< <(sh -c 'sleep 0 & echo $! $$; exec sleep 5')
read -r zombie parent <&3
while ! grep -q '^State:.*Z' "/proc/$zombie/status" 2>/dev/null; do sleep 0.01; done
"$dtrace" -n "pid$zombie:::entry" 2>&1 | sed "s/$zombie/ZOMBIE/g"
echo "status ${PIPESTATUS[0]}"
kill "$parent"
exec 3<&-
