# uid and gid at sched:::on-cpu are the incoming thread's (a target running as nobody), not
# those of the thread sched_switch leaves. The target naps (each wake puts it on a CPU: a yield on
# an idle machine may keep it there and fire no on-cpu at all).
dtrace=$1
. "$(dirname "$0")/../procprov/build_prog.sh"
chmod 755 "$dir"
"$dtrace" -q -c "$(command -v setpriv) --reuid=65534 --regid=65534 --clear-groups $dir/lt_proc nap" -n 'sched:::on-cpu /pid == $target && execname == "lt_proc" && !lt_done/ { lt_done = 1; printf("%d %d %d\n", uid, gid, uid == curpsinfo->pr_uid); exit(0); }'
