/* else needs a preceding if. */
BEGIN
{
    else { trace(1); }
}
