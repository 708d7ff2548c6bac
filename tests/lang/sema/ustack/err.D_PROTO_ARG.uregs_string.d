/* uregs[ ] takes an integer register number. */
BEGIN
{
	trace(uregs["R_PC"]);
}
