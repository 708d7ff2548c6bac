/* Control lines with extra white space. */
  #pragma D option quiet
	#pragma	D	option	bufsize=4m
#  pragma   D   option   switchrate=5hz

BEGIN
{
    exit(0);
}
