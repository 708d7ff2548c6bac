/* String constants with every single-character escape. */
BEGIN
{
    lt_s = "bell\a back\b ff\f nl\n cr\r tab\t vt\v";
    lt_t = "backslash\\ quote\" apostrophe\' question\?";
    trace(lt_s);
    trace(lt_t);
}
