/* basename(): the last component, trailing slashes dropped; "" is ".", slashes only are "/". */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", basename(""), basename("/"), basename("//"),
	    basename("a"), basename("/a"));
	printf("[%s] [%s] [%s] [%s] [%s]\n", basename("a/"), basename("a/b"), basename("/a/b//"),
	    basename(".."), basename("/usr/lib/"));
	exit(0);
}
