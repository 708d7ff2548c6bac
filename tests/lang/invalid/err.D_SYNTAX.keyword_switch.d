/* switch is reserved. */
BEGIN
{
    switch (arg0) { }
}
