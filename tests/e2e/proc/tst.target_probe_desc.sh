# $target is expanded in probe descriptions too (pid$target:...): the process is started before
# the program is compiled, so the description names its pid.
dtrace=$1
timeout 10 "$dtrace" -n 'lt_none$target:::entry' -c true
echo "status $?"
