/* D has no do loops. */
BEGIN
{
    do { lt_i++; } while (lt_i < 3);
}
