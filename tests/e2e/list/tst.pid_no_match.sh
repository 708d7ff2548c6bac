# A pid description whose glob matches no function: listed as matching nothing, status 0.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
"$dtrace" -l -n 'pid$target:a.out:lt_none*:entry' -c "$dir/lt_list"
echo "status $?"
