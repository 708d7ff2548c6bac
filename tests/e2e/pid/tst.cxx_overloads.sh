# Overloads are different functions with different mangled names: lt::add(long, long) and
# lt::add(long), each called once, each returning 5.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp
"$dtrace" -q -c "$dir/lt_cxx" -n '
pid$target:a.out:_ZN2lt3add*:entry { printf("%s %d\n", probefunc, arg0); }
pid$target:a.out:_ZN2lt3add*:return { printf("%s = %d\n", probefunc, arg1); }'
