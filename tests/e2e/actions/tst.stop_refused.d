/* Without -w, stop() makes the enabling fail. */
tick-10ms
{
	stop();
	exit(0);
}
