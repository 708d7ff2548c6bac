# -P takes a provider alone: a full description is overspecified, refused before any listing.
dtrace=$1
"$dtrace" -lP profile:::profile-97
echo "status $?"
