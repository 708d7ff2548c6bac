# -l with -c and a library probe: the command is run until the dynamic linker has mapped its
# libraries (as DTrace does) before the description is matched, then killed.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O0 -o "$dir/lt_list" "$(dirname "$0")/../../list/lt_list.c" || exit 1
"$dtrace" -l -n 'pid$target:libc.so.6:malloc:entry' -c "$dir/lt_list"
echo "status $?"
