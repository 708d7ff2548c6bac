/* A char array cannot be assigned to a variable (stringof() makes it a string). */
#pragma D option quiet

BEGIN
{
	s = curthread->comm;
}
