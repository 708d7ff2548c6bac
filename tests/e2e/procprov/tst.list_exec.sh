# dtrace -lv: proc:::exec's argument is the path, a string.
dtrace=$1
"$dtrace" -lv -n 'proc:::exec' | grep -E 'args\[|^ *[0-9]' | sed -E 's/^ *[0-9]+//'
