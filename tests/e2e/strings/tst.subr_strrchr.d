/* strrchr(s, c): s from the last c on. */
#pragma D option quiet

BEGIN
{
	lt_path = "/usr/lib/libc.so";
	printf("[%s] [%s] [%s]\n", strrchr("hello", 'l'), strrchr(lt_path, '/'),
	    strrchr(lt_path, '.'));
	exit(0);
}
