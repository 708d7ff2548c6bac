/* Enumerator values from constant expressions and earlier enumerators. */
enum {
    LT_BIT0 = 1 << 0,
    LT_BIT1 = 1 << 1,
    LT_BOTH = LT_BIT0 | LT_BIT1,
    LT_NEXT,
    LT_NEG = -5,
    LT_AFTER_NEG
};

BEGIN
{
    trace(LT_BOTH);
    trace(LT_NEXT);
    trace(LT_AFTER_NEG);
}
