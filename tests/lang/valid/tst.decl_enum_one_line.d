/* An enumeration written on one line. */
enum lt_state { LT_IDLE, LT_BUSY, LT_DONE };

BEGIN
{
    lt_s = LT_BUSY;
    trace(lt_s != LT_IDLE ? 1 : 0);
}
