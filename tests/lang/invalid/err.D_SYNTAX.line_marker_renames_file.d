/* After a line marker, messages name the file and line it gives. */
# 41 "lt_virtual.d"
BEGIN
{
    lt_x = ;
}
