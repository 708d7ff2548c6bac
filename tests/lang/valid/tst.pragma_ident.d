/* Identification lines are ignored. */
#pragma ident "@(#)lt_ident.d 1.1"
#pragma D ident "another identification string"
#ident "a bare ident directive"

BEGIN
{
    exit(0);
}
