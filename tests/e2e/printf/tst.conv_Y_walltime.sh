# %Y of walltimestamp is the current date and time in the ctime(3) order used by mdb.
dtrace=$1
want=$(date -u '+%Y %b %e %H:%M')
got=$("$dtrace" -q -n 'BEGIN { printf("%Y", walltimestamp); exit(0); }')
status=$?
got=$(echo "$got" | head -1)
case $got in
"$want":[0-5][0-9]) echo "%Y ok" ;;
*) echo "got [$got], date says [$want:ss]" ;;
esac
exit $status
