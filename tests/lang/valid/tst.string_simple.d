/* String constants, including the empty string. */
BEGIN
{
    lt_a = "hello";
    lt_b = "";
    lt_c = "with spaces and punctuation: ;,{}()[]";
    trace(lt_a);
    trace(lt_b);
    trace(lt_c);
}
