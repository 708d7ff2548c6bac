/*
 * A ?: whose condition is a constant once parsed selects its branch then: an action in the
 * chosen branch runs as a statement (the DTraceToolkit's option switches).
 */
#pragma D option quiet

inline int LT_VERBOSE = 1;
inline int LT_TERSE = 0;

BEGIN
{
	LT_VERBOSE ? printf("verbose\n") : 1;
	LT_TERSE ? printf("terse\n") : printf("not terse\n");
	LT_VERBOSE && LT_TERSE ? trace(1) : trace(2);
	exit(0);
}
