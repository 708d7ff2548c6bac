/* A declaration between a description and its body. */
BEGIN
int lt_x;
{
    exit(0);
}
