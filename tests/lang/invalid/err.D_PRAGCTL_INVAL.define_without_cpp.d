/* Nor is #define. */
#define LT_VALUE 1

BEGIN
{
    exit(0);
}
