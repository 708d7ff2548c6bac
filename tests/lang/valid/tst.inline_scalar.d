/* Inline integer constants. */
inline int LT_LIMIT = 100;
inline uint64_t LT_BIG = 1ULL << 40;

BEGIN
{
    trace(LT_LIMIT);
    trace(LT_BIG);
}
