# Exact counts over every function of lt:: (a glob on the mangled names): area 3 times, each add
# and twice instance once, the constructors of Square and Shape once, the destructors of Square
# and Shape once (the object is on main's stack).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_cxx lt_cxx.cpp
"$dtrace" -q -c "$dir/lt_cxx" -n 'pid$target:a.out:_ZN*2lt*:entry { @[probefunc] = count(); }'
