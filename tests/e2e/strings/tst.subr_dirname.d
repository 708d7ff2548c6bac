/* dirname(): all but the last component, without the slashes between; "." when there is no
   slash, "/" for the root. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", dirname(""), dirname("/"), dirname("//"),
	    dirname("a"), dirname("/a"));
	printf("[%s] [%s] [%s] [%s] [%s]\n", dirname("a/"), dirname("a/b"), dirname("/a/b//"),
	    dirname("//a"), dirname("a//b//c///"));
	exit(0);
}
