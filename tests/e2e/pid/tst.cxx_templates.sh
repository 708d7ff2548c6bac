# Two instances of a function template: lt::twice<int>(21) returns 42, lt::twice<long>(50) 100.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp
"$dtrace" -q -c "$dir/lt_cxx" -n 'pid$target:a.out:_ZN2lt5twice*:return { printf("%s = %d\n", probefunc, arg1); }'
