/* A probe id no probe has: DTrace looks ids up while parsing (dt_node_pdesc_by_id), so this is
 * an invalid description, not one that matches nothing. */
#pragma D option quiet

BEGIN
{
	exit(0);
}

99999
{
}
