/* #pragma D attributes needs attributes and a name. */
#pragma D attributes Stable/Stable/Common

BEGIN
{
    exit(0);
}
