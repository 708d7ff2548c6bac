/* Strings compared with all relational operators. */
BEGIN
{
    lt_a = "apple";
    lt_b = "banana";
    trace(lt_a < lt_b);
    trace(lt_a <= lt_b);
    trace(lt_a > lt_b);
    trace(lt_a >= lt_b);
    trace(lt_a == lt_b);
    trace(lt_a != lt_b);
}
