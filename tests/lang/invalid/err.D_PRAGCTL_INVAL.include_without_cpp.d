/* Without -C, #include is not a directive D understands. */
#include <lt_header.h>

BEGIN
{
    exit(0);
}
