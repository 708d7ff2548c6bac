/* Equality operators on integers and strings. */
BEGIN
{
    lt_a = 1;
    lt_s = "abc";
    trace(lt_a == 1);
    trace(lt_a != 1);
    trace(lt_s == "abc");
    trace(lt_s != "abd");
}
