s/ at DIF offset [0-9]+$//
