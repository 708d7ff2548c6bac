/* Stability attributes for an inline. */
inline int LT_ATTR = 3;
#pragma D attributes Evolving/Evolving/Common LT_ATTR
#pragma D attributes Stable/Stable/ISA LT_ATTR

BEGIN
{
    trace(LT_ATTR);
}
