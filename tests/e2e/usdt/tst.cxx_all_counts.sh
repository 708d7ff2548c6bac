# All three libstdc++ exception probes counted: 2 throws, 3 catches, 1 rethrow.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_throw lt_throw.cpp
"$dtrace" -o "$dir/trace" -q -c "$dir/lt_throw" -n 'libstdcxx$target:::throw,libstdcxx$target:::catch,libstdcxx$target:::rethrow { @[probename] = count(); }'
cat "$dir/trace"
