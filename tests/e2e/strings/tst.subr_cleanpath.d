/* cleanpath() drops "." components and repeated slashes, and takes ".." back a component; a
   trailing slash stays. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s]\n", cleanpath("/../a//b/./c/"), cleanpath("/a/b/../c"),
	    cleanpath("a/./b"));
	printf("[%s] [%s] [%s] [%s]\n", cleanpath("/a/b/c/../../d"), cleanpath("/a/.."),
	    cleanpath("/a/..b/.c"), cleanpath("../a"));
	exit(0);
}
