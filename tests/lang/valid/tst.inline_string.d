/* An inline string. */
inline string LT_GREETING = "hello";

BEGIN
{
    printf("%s\n", LT_GREETING);
}
