/* Three fields fill module, function and name from the right. */
::BEGIN
{
    exit(0);
}
