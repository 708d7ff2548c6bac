# A function with no instruction that returns (_start ends in hlt) has no return probe, as in
# DTrace: named plainly, the description says why (a uretprobe at its entry would overwrite
# argc, which _start finds at (%rsp)). A glob simply leaves it out; with -Z tracing goes on.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_calls lt_calls.c
"$dtrace" -q -c "$dir/lt_calls" -n 'pid$target:a.out:_start:return { trace(arg0); }' 2>&1 | sed -E 's/pid[0-9]+/pidPID/'
echo "status ${PIPESTATUS[0]}"
"$dtrace" -q -Z -c "$dir/lt_calls" -n 'pid$target:a.out:_start:return { trace(arg0); }' \
	-n 'pid$target:a.out:lt_neg:return { printf("lt_neg returns %d\n", (int)arg1); }' 2>&1 | sed -E 's/pid[0-9]+/pidPID/'
echo "status ${PIPESTATUS[0]}"
"$dtrace" -l -n 'pid$target:a.out:_st*:return' -c "$dir/lt_calls" | sed -E 's/^ +[0-9]+ +pid[0-9]+/   ID    pidPID/'
echo "status ${PIPESTATUS[0]}"
