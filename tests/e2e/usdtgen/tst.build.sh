# A C and C++ program built as a Makefile builds USDT probes: dtrace -h makes lt_provider.h
# (DTrace's default name), dtrace -G lt_provider.o, then cc and c++ compile and link. The
# notes carry semaphores that are the generated symbols, inside .probes, and the program,
# untraced, reads every semaphore and _ENABLED() as 0.
dtrace=$1
. ./build_prog.sh
lt_make "$dtrace"
ls "$dir" | grep -E '^lt_(provider\.[ho]|usdt)$'
lt_notes "$dir/lt_usdt"
"$dir/lt_usdt"
