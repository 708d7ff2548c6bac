/* Declaration checks run as each declaration is parsed. */
int lt_a[0];

BEGIN
{
    lt_x = ;
}
