# -F on C++ functions: the mangled names are indented like any other.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp
"$dtrace" -F -c "$dir/lt_cxx" -n 'pid$target:a.out:_ZN2lt3add*:entry, pid$target:a.out:_ZN2lt3add*:return { }'
