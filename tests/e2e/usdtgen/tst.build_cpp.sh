# The build with -C, as PostgreSQL's: the provider takes its types from a header found through
# -I and has a probe only -D adds; -o names both outputs. The program fires the extra probe.
dtrace=$1
. ./build_prog.sh
lt_make "$dtrace" PROVIDER=lt_cpp DTRACEFLAGS="-C -I$lt_progs/include -DLT_EXTRA" \
	HFLAGS="-o lt_cpp.h" GFLAGS="-o lt_cpp.o"
grep -E '^/\* lt:::' "$dir/lt_cpp.h"
lt_notes "$dir/lt_usdt"
"$dir/lt_usdt"
