# A plain function name the module does not have is the pid provider's error while compiling,
# as when tracing: nothing is listed.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n 'pid$target:a.out:lt_none:entry' -c "$dir/lt_list"
echo "status $?"
