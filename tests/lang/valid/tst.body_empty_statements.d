/* Empty statements are allowed anywhere in a body. */
BEGIN
{
    ;
    lt_x = 1;;
    ;
    trace(lt_x);;
}
