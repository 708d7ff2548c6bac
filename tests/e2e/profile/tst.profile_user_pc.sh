# A profile probe firing in a busy user-mode process has arg1 = user PC and arg0 = 0.
dtrace=$1
bash -c 'while :; do :; done' &
busy=$!
out=$("$dtrace" -q -n '
int user, both, baduser;
profile-997hz
/pid == '$busy'/
{
	user += arg1 != 0 && arg0 == 0;
	both += arg1 != 0 && arg0 != 0;
	baduser += arg1 != 0 && (uint64_t)arg1 >= 0x8000000000000000ULL;
}
tick-300ms
{
	printf("user samples %s, both %d, bad user PCs %d\n", user > 0 ? "yes" : "no", both, baduser);
	exit(0);
}')
status=$?
kill $busy
wait $busy 2>/dev/null
echo "$out"
exit $status
