# The complete and base constructors of lt::Square (C1 and C2) are one function with two names:
# asked by C2, the probe is named after C1 (both weak, same size: alphabetical order); arg0 is
# `this`, arg1 the side, 7.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp
"$dtrace" -q -c "$dir/lt_cxx" -n 'pid$target:a.out:_ZN2lt6SquareC2El:entry { printf("%s %d\n", probefunc, arg1); }'
