# Offsets of return addresses depend on the compiler and the C library's build.
s/`([^`]+)\+0x[0-9a-f]+$/`\1+0xOFF/
