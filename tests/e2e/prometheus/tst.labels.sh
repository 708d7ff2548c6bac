# -x promlabels and metric names are checked against the program before tracing starts.
dtrace=$1
"$dtrace" -x prometheus=127.0.0.1:0 -x promlabels=@nosuch=a -n 'BEGIN { @a[1] = count(); exit(0); }'
echo "status $?"
"$dtrace" -x prometheus=127.0.0.1:0 -x promlabels=@a=le -n 'BEGIN { @a[1] = quantize(1); exit(0); }'
echo "status $?"
"$dtrace" -x prometheus=127.0.0.1:0 -x promlabels=@a=x,y -n 'BEGIN { @a[1] = count(); exit(0); }'
echo "status $?"
"$dtrace" -x prometheus=127.0.0.1:0 -n 'BEGIN { @drops = count(); exit(0); }'
echo "status $?"
