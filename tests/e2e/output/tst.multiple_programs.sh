# Several -n programs (and -s scripts) are enabled together, in command-line order.
dtrace=$1
cd "${TMPDIR:-/tmp}" || exit 1
timeout 10 "$dtrace" -q -n 'BEGIN { printf("first\n"); }' -n 'BEGIN { printf("second\n"); exit(0); }'
echo "status $?"
timeout 10 "$dtrace" -q -n 'BEGIN { exit(0); }' -n 'END { printf("END of the second program\n"); }'
echo "status $?"
printf 'BEGIN\n{\n\tprintf("script one\\n");\n}\n' > e2e_multi1.$$.d
printf 'BEGIN\n{\n\tprintf("script two\\n");\n\texit(0);\n}\n' > e2e_multi2.$$.d
timeout 10 "$dtrace" -q -s e2e_multi1.$$.d -s e2e_multi2.$$.d
echo "status $?"
rm -f e2e_multi1.$$.d e2e_multi2.$$.d
