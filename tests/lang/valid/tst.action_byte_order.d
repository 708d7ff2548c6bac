/* Byte-order subroutines. */
BEGIN
{
    trace(htons(1));
    trace(htonl(1));
    trace(htonll(1));
    trace(ntohs(256));
    trace(ntohl(16777216));
    trace(ntohll(1));
}
