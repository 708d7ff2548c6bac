/* Octal and hexadecimal escapes in strings. */
BEGIN
{
    lt_s = "\101\102\103 \x44\x45\x46 \7end";
    trace(lt_s);
}
