# A C++ member function by its mangled name (lt::Square::area() const); DTrace shows the
# function as the symbol is named, mangled. It is called 3 times and returns 49.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp
"$dtrace" -q -c "$dir/lt_cxx" -n '
pid$target:a.out:_ZNK2lt6Square4areaEv:return { printf("%s = %d\n", probefunc, arg1); }'
