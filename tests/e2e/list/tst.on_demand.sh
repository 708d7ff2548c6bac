# A profile probe made because a description names it exists from then on: a later pattern
# matches it with the defaults, in id order.
dtrace=$1
"$dtrace" -l -n profile:::tick-1s -n 'profile:::tick-1?'
echo "status $?"
