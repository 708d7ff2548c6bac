# -l -v: after each probe, the attributes its description earns (the provider's and the name's
# when module and function are empty), the provider's argument attributes, and the argument
# types: None for the dtrace and profile providers.
dtrace=$1
"$dtrace" -lv -n BEGIN -n profile:::tick-1
echo "status $?"
