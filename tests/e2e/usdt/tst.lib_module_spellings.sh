# A library's module named as the pid provider names it: liblt_lib.so, liblt_lib, a glob.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_lib.so lt_lib.c -shared -fPIC
lt_build lt_linked lt_linked.c -L"$dir" -llt_lib
"$dtrace" -q -c "$dir/lt_linked" -n 'lt_lib$target:liblt_lib.so::done { printf("full\n"); }' -n 'lt_lib$target:liblt_lib::done { printf("short\n"); }' -n 'lt_lib$target:liblt_*::done { printf("glob\n"); }'
