# libstdcxx:::throw for each exception: the type names (int, then std::runtime_error, mangled as
# type_info keeps them).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build lt_throw lt_throw.cpp
"$dtrace" -o "$dir/trace" -q -c "$dir/lt_throw" -n 'libstdcxx$target:::throw { printf("%s\n", copyinstr(*(uintptr_t *)copyin(arg1 + 8, 8))); }'
cat "$dir/trace"
