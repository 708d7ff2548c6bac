/* args[0] is a translated pointer: used through its members only (a known gap of bdtrace). */
io:::start
{
	trace(args[0]);
}
