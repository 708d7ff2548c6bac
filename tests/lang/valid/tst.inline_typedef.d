/* An inline whose type is a typedef. */
typedef unsigned short lt_port_t;
inline lt_port_t LT_PORT = 8080;

BEGIN
{
    trace(LT_PORT);
}
