/* Enumerations with implicit and explicit values. */
enum lt_color {
    LT_RED,
    LT_GREEN = 5,
    LT_BLUE
};

enum lt_color lt_c;

BEGIN
{
    lt_c = LT_BLUE;
    trace(lt_c == LT_BLUE);
    trace(LT_RED + LT_GREEN);
    trace((enum lt_color)1);
}
