/* A storage-class keyword cannot start a statement. */
BEGIN
{
    auto = 1;
}
