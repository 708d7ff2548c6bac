/* #pragma D error stops compilation with the given text. */
#pragma D error "stop: unsupported configuration"

BEGIN
{
    exit(0);
}
