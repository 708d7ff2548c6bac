s/ at DIF offset [0-9]+$//
s/invalid address \(0x[0-9a-f]+\)/invalid address (ADDR)/
