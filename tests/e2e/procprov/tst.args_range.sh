# args[] past a proc probe's arguments is refused.
dtrace=$1
"$dtrace" -n 'proc:::exit { trace(args[1]); }'
"$dtrace" -n 'proc:::exec-success { trace(args[0]); }'
echo done
