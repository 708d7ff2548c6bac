/* The clause body is never closed. */
BEGIN
{
    trace(1);
