# Return addresses inside a caller depend on the compiler's code for the call site.
s/`(lt_leaf|lt_mid|lt_top|main|lt::Worker::run\(int\))\+0x[0-9a-f]+/`\1+0xOFF/g
