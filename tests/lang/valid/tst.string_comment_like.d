/* Comment markers and '#' inside a string are ordinary characters. */
BEGIN
{
    lt_s = "/* not a comment */";
    lt_t = "// not a comment either";
    lt_u = "#pragma D option nothing";
    trace(lt_s);
    trace(lt_t);
    trace(lt_u);
}
