# The programs are compiled as for tracing before anything is listed: a program that does not
# check lists nothing, not even the heading.
dtrace=$1
"$dtrace" -l -n BEGIN -n 'END { trace(lt_undefined); }'
echo "status $?"
