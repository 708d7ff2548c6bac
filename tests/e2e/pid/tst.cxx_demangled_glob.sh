# A C++ function found by its demangled name (lt::Square::area() const: a glob with ? for the
# colons, which a probe description cannot hold); the probe's function is still the mangled
# name. (An extension of bdtrace's: illumos matches the names as they are in the symbol table.)
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp
"$dtrace" -q -c "$dir/lt_cxx" -n 'pid$target:a.out:lt??Square??area*:entry { @[probefunc] = count(); }'
