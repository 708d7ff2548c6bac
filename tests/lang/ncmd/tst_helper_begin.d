/* Helper script used by n_with_script.cmd. */
BEGIN
{
}
