# -l -m: the argument is [provider:]module; "profile:" is every probe of the profile provider,
# whose probes have no module.
dtrace=$1
"$dtrace" -l -m profile:
echo "status $?"
