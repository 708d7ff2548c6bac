/* A line holding only '#' is a null directive. */
#
   #
BEGIN
{
    exit(0);
}
