/* Keyed llquantize(): each key's histogram after its key line, sorted by the sum of each
 * bucket's lower bound times its count (not by key). */
#pragma D option quiet
BEGIN
{
	@["aaa"] = llquantize(700, 10, 0, 3, 10);
	@["zzz"] = llquantize(3, 10, 0, 3, 10);
	@["mmm"] = llquantize(40, 10, 0, 3, 10);
	@["mmm"] = llquantize(41, 10, 0, 3, 10);
	exit(0);
}
