/**/
/***/
/* an empty comment and a comment made of stars are both fine */
BEGIN
{
    exit(0); /**/
}
