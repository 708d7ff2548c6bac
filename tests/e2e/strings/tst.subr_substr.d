/* substr(s, i) is s from index i: an index at or past the end gives "". */
#pragma D option quiet

BEGIN
{
	lt_s = "hello";
	printf("[%s] [%s] [%s] [%s] [%s]\n", substr(lt_s, 0), substr(lt_s, 1), substr(lt_s, 4),
	    substr(lt_s, 5), substr(lt_s, 9));
	exit(0);
}
