/* Left-associative chains of the same operator. */
BEGIN
{
    trace(100 - 10 - 1);
    trace(1000 / 10 / 5);
    trace(2 * 3 * 4);
    trace(64 >> 1 >> 2);
}
