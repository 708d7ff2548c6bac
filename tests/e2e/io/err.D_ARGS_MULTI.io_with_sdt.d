/* io:::start's args[] are translated types, the tracepoint's are its own: one clause for both
 * gives args[] no one type. */
io:::start,
sdt:block::block_rq_issue
{
	trace(args[0]->b_bcount);
}
