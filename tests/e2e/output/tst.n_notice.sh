# The -n notice quotes the description cut at the first '{', '/' or ';' (keeping blanks).
dtrace=$1
timeout 10 "$dtrace" -n 'BEGIN { exit(0); }' > /dev/null
timeout 10 "$dtrace" -n 'BEGIN/1/{ exit(0); }' > /dev/null
timeout 10 "$dtrace" -n 'dtrace:::BEGIN,dtrace:::END{exit(0);}' > /dev/null
timeout 10 "$dtrace" -n 'tick-10ms  { exit(0); }' > /dev/null
