# Sourced by the ustack tests: builds the traced programs into $dir (removed on exit):
# lt_fp and lt_nofp from lt_stack.c (with and without frame pointers), lt_cxx and lt_cxx_nofp
# from lt_stack.cc, lt_alloc from lt_alloc.c.
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
src=$(dirname "$0")
cc -O0 -fno-omit-frame-pointer -o "$dir/lt_fp" "$src/lt_stack.c" || exit 1
cc -O1 -fomit-frame-pointer -fno-inline -o "$dir/lt_nofp" "$src/lt_stack.c" || exit 1
c++ -O0 -fno-omit-frame-pointer -o "$dir/lt_cxx" "$src/lt_stack.cc" || exit 1
c++ -O1 -fomit-frame-pointer -fno-inline -o "$dir/lt_cxx_nofp" "$src/lt_stack.cc" || exit 1
cc -O0 -fno-omit-frame-pointer -o "$dir/lt_alloc" "$src/lt_alloc.c" || exit 1
