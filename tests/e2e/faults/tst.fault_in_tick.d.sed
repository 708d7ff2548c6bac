s/ at DIF offset [0-9]+$//
s/\(ID [0-9]+: profile:::tick-1ms\)/(ID nnn: profile:::tick-1ms)/
