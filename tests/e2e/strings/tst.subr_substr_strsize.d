/* substr() of a string cut at strsize: up to strsize characters. */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	lt_s = "0123456789abcdefXYZ";
	printf("[%s] [%s] [%s] [%s]\n", substr(lt_s, 0), substr(lt_s, 10), substr(lt_s, -4),
	    substr(lt_s, 3, 20));
	exit(0);
}
