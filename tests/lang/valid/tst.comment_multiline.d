/*
 * A comment may span many lines,
 * and contain * and / characters on their own: * / /
 */
BEGIN
{
    /* a comment inside a body */
    exit(0);
}
