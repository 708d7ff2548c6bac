/* A syntax error stops compilation before a later lexical error. */
BEGIN
{
    lt_x = = 1;
    lt_c = '';
}
