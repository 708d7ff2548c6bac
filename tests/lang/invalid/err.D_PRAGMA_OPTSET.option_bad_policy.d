/* bufpolicy accepts switch, fill or ring. */
#pragma D option bufpolicy=sideways

BEGIN
{
    exit(0);
}
