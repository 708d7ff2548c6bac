# A description that matches no probe says which probe a near one matches: the same provider
# and name in another function, or a name a letter or two away; -l says the same.
dtrace=$1
"$dtrace" -n 'proc::fork1:create { exit(0); }'
echo "status $?"
"$dtrace" -n 'proc:::exec-sucess { exit(0); }'
echo "status $?"
"$dtrace" -n 'syscall::nosuchcall:entry { exit(0); }'
echo "status $?"
"$dtrace" -l -n 'sched::nosuch:off-cpu'
echo "status $?"
