/* strjoin() concatenates; either string may be empty. */
#pragma D option quiet

BEGIN
{
	lt_a = "foo";
	printf("[%s] [%s] [%s] [%s]\n", strjoin(lt_a, "bar"), strjoin("", lt_a),
	    strjoin(lt_a, ""), strjoin("", ""));
	printf("[%s]\n", strjoin(strjoin("a", "b"), strjoin("c", "d")));
	exit(0);
}
