/* arg0 .. arg9 are int64_t; in a tick probe arg3 and arg4 are zero. */
#pragma D option quiet

tick-1ms
{
	printf("%d %d\n", arg3, arg4);
	printf("%d\n", sizeof (arg0) + sizeof (arg1) + sizeof (arg2) + sizeof (arg3) +
	    sizeof (arg4) + sizeof (arg5) + sizeof (arg6) + sizeof (arg7) +
	    sizeof (arg8) + sizeof (arg9));
	exit(0);
}
