# An id no probe has is an invalid description (DTrace looks ids up while parsing), even though
# -l lets descriptions match nothing: nothing is listed, not even the heading.
dtrace=$1
"$dtrace" -l -i 99999
echo "status $?"
