/* setopt() of an unknown option: DTrace's library error on stderr (the reason ends the message
 * with a newline of its own), and the clause goes on. */
#pragma D option quiet

BEGIN
{
	setopt("lt_nosuchoption");
	printf("after\n");
	exit(0);
}
