# fbt is only asked about when a program names it: the other providers, a full listing and a
# provider glob that fbt also serves go on as before.
dtrace=$1
"$dtrace" -q -n 'BEGIN { printf("begin\n"); exit(0); }'
"$dtrace" -l | awk 'NR > 1 { print $2 }' | sort -u
"$dtrace" -l -n '*:::BEGIN' | awk 'NR > 1 { print $2, $NF }'
