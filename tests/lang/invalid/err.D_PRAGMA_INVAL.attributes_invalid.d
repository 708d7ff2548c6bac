/* Attributes are name/data/class stability words. */
inline int LT_X = 1;
#pragma D attributes Solid/Stable/Common LT_X

BEGIN
{
    exit(0);
}
