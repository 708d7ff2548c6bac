/* The version in #pragma D binding is a quoted string. */
inline int LT_X = 1;
#pragma D binding 1.0 LT_X

BEGIN
{
    exit(0);
}
