/* Empty bodies: an empty block and an empty statement. */
BEGIN
{
    lt_a = 1;
    if (lt_a) {
    }
    if (lt_a)
        ;
    else {
    }
}
