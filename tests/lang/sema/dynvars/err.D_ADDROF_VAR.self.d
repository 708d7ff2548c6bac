/* The address of a dynamic variable cannot be taken. */
BEGIN
{
	self->lt_x = 1;
	trace(&self->lt_x);
}
