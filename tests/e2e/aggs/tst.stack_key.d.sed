# Each run of frames becomes one FRAMES line: the frames depend on the kernel.
/^              ([a-z_0-9]+`[^ ]+|0x[0-9a-f]+)$/{
:a
N
s/\n              ([a-z_0-9]+`[^ ]+|0x[0-9a-f]+)$//
ta
s/^              [^\n]+\n/              FRAMES\n/
}
