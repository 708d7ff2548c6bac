/* The error names the first description that matches nothing, in normalised form. */
#pragma D option quiet

BEGIN
{
	exit(0);
}

dtrace:::NOSUCH {
}
