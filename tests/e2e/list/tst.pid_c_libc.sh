# -l with -c and a library probe: the command is run until the dynamic linker has mapped its
# libraries (as DTrace does) before the description is matched, then killed.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n 'pid$target:libc.so.6:malloc:entry' -c "$dir/lt_list"
echo "status $?"
