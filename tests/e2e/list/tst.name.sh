# -l -n: one description after the other, each with its matches in id order; a glob in the
# name field.
dtrace=$1
"$dtrace" -l -n BEGIN -n 'dtrace:::E*'
echo "status $?"
