/* A numeric probe identifier must fit 32 bits. */
4294967296
{
}
