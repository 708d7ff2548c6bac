s/^[A-Za-z0-9_]+`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?$/MODULE`SYMBOL+OFFSET/
