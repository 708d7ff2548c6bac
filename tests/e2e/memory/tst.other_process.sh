# copyinstr() and copyin() in a probe that fires in another process: profile probes interrupt
# lt_spin while it runs in user mode and read a string from its memory.
dtrace=$1
. ./lt_spin.sh
trap lt_spin_cleanup EXIT
timeout 10 "$dtrace" -q -n '
profile-997
/pid == $1/
{
	printf("[%s]\n", copyinstr($2));
	printf("[%s]\n", copyinstr($2, 6));
	printf("%x\n", *(uint32_t *)copyin($2, 4));
	exit(0);
}' "$spin" "$marker"
