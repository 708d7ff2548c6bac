/* Stability attributes for the parts of a provider. */
provider lt_stable {
    probe event(int);
};

#pragma D attributes Evolving/Evolving/ISA provider lt_stable provider
#pragma D attributes Private/Private/Unknown provider lt_stable module
#pragma D attributes Private/Private/Unknown provider lt_stable function
#pragma D attributes Evolving/Evolving/ISA provider lt_stable name
#pragma D attributes Evolving/Evolving/ISA provider lt_stable args

BEGIN
{
    exit(0);
}
