/* Pragmas that are not D pragmas are ignored. */
#pragma weak lt_symbol
#pragma once
#pragma pack(4)
#pragma

BEGIN
{
    exit(0);
}
