# libstdcxx:::rethrow: fired once, by throw; in lt_rethrow's catch block.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_throw lt_throw.cpp
"$dtrace" -o "$dir/trace" -q -c "$dir/lt_throw" -n 'libstdcxx$target:::rethrow { printf("%s %s\n", probefunc, copyinstr(*(uintptr_t *)copyin(arg1 + 8, 8))); }'
cat "$dir/trace"
