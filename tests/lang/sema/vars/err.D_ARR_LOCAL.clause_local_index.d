/* A clause-local variable may not be used as an associative array. */
BEGIN
{
	this->lt_a[1] = 2;
}
