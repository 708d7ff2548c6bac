/* The io probes have three arguments. */
io:::start
{
	trace(args[3]->b_bcount);
}
