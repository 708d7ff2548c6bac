# -l -P: the probes of one provider; nothing is traced and nothing else is said.
dtrace=$1
"$dtrace" -l -P dtrace
echo "status $?"
