/* strtok() takes a string; only NULL (0) means "go on". */
#pragma D option quiet

BEGIN
{
	x = strtok(1, ",");
}
