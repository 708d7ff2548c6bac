/* The condition of an if may not be empty. */
BEGIN
{
    if () {
    }
}
