/* exit() records its status: not after commit(). */
BEGIN
{
	commit(1);
	exit(0);
}
