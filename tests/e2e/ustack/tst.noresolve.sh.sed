# The offset depends on the compiler's layout; trace() pads the name to 50 columns.
s/:0x[0-9a-f]+/:0xOFF/g
s/ +$//
