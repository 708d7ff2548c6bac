# The io probes' arguments are the D system library's types: without the library (-x nolibs)
# args[] cannot be used, and the error says why; probes without args[] still work.
dtrace=$1
"$dtrace" -x nolibs -n 'io:::start { trace(args[0]->b_bcount); }'
echo "status $?"
"$dtrace" -x nolibs -q -n 'io:::start { lt_seen = 1; } BEGIN { exit(0); }'
echo "status $?"
