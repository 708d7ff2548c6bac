/* Version bindings for identifiers defined before and after the pragma. */
#pragma D binding "1.0" LT_LATER

inline int LT_EARLIER = 1;
inline int LT_LATER = 2;

#pragma D binding "1.0" LT_EARLIER

BEGIN
{
    trace(LT_EARLIER + LT_LATER);
}
