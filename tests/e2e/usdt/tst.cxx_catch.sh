# libstdcxx:::catch: each catch with the caught object's type name (arg1 is its type_info); three
# catches (int, runtime_error twice).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_throw lt_throw.cpp
"$dtrace" -o "$dir/trace" -q -c "$dir/lt_throw" -n 'libstdcxx$target:::catch { printf("%s %s\n", probefunc, copyinstr(*(uintptr_t *)copyin(arg1 + 8, 8))); }'
cat "$dir/trace"
