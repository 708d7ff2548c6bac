/* An unknown macro variable inside a description. */
profile:::tick-$nosuch
{
}
