/* Octal and hexadecimal escapes in character constants. */
BEGIN
{
    lt_a = '\101';
    lt_b = '\7';
    lt_c = '\x41';
    lt_d = '\x7f';
    lt_e = '\377';
    trace(lt_a + lt_b + lt_c + lt_d + lt_e);
}
