# An extern "C" function of a C++ program has a plain name.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp
"$dtrace" -q -c "$dir/lt_cxx" -n '
pid$target:a.out:lt_plain:entry { printf("lt_plain(%d)", arg0); }
pid$target:a.out:lt_plain:return { printf(" = %d\n", arg1); }'
