/* $target in a script is the -c command's pid; $pid stays dtrace's own. */
#pragma D option quiet

END
{
	printf("$target %s\n", $target == $pid ? "is dtrace" : $target > 0 ? "is the command" : "is zero");
}
