/* Comments do not nest. */
BEGIN
{
    /* outer comment
       /* an inner opener is an error
    */
    exit(0);
}
