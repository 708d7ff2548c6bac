/* A control line starting with a string; reported on the following line. */
# "lt_text"

BEGIN
{
    exit(0);
}
