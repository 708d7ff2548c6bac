/* A provider with no probes. */
provider lt_none {
};

BEGIN
{
    exit(0);
}
