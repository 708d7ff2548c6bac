/* An else-if chain ending in a final else. */
BEGIN
{
    lt_n = 7;
    if (lt_n < 0) {
        lt_kind = "negative";
    } else if (lt_n == 0) {
        lt_kind = "zero";
    } else if (lt_n < 10) {
        lt_kind = "small";
    } else {
        lt_kind = "large";
    }
    trace(lt_kind);
}
