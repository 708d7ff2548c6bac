# libstdc++'s own probes: libstdcxx:::throw with the thrown object (the int 42) and its type_info
# (whose name is "i").
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_throw lt_throw.cpp
"$dtrace" -o "$dir/trace" -q -c "$dir/lt_throw" -n 'libstdcxx$target:::throw /copyinstr(*(uintptr_t *)copyin(arg1 + 8, 8)) == "i"/ { printf("%s %d %s\n", probefunc, *(int *)copyin(arg0, 4), copyinstr(*(uintptr_t *)copyin(arg1 + 8, 8))); }'
cat "$dir/trace"
