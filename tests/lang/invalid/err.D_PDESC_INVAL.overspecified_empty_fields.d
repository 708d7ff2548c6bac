/* Five fields, some of them empty. */
BEGIN
{
}

profile::::tick-1s
{
}
