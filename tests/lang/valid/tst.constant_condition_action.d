/* A ?: whose condition is a constant inline keeps its chosen branch: an action may stand in it. */
inline int LT_ON = 1;
inline int LT_OFF = 0;

BEGIN
{
	LT_ON ? printf("on\n") : 1;
	LT_OFF ? 1 : trace(2);
	LT_ON && !LT_OFF ? exit(0) : 1;
}
