# -l alone: every probe, in id order; here the dtrace provider's and the profile provider's
# defaults (the rows of other providers are left out: they depend on the system).
dtrace=$1
"$dtrace" -l | awk 'NR == 1 || $2 == "dtrace" || $2 == "profile"'
echo "status ${PIPESTATUS[0]}"
