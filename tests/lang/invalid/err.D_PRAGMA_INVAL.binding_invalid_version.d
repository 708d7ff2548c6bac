/* A version string is digits separated by dots. */
inline int LT_X = 1;
#pragma D binding "1.x" LT_X

BEGIN
{
    exit(0);
}
