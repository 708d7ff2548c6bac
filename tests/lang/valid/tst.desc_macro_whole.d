/* A macro argument may be the whole description. */
$1
{
    exit(0);
}
