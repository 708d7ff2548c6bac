/* strstr(s, t): s from the first t on; "" is found at the start. */
#pragma D option quiet

BEGIN
{
	printf("[%s] [%s] [%s] [%s] [%s]\n", strstr("hello", "ll"), strstr("hello", "h"),
	    strstr("hello", ""), strstr("", ""), strstr("abcabc", "ca"));
	exit(0);
}
