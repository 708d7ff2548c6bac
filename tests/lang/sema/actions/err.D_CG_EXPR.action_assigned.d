/* A tracing function called for its value is refused by the code generator. */
BEGIN
{
	lt_x = trace(1);
}
