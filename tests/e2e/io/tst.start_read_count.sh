# Eight direct reads of 4096 bytes: eight io:::start firings, 32768 bytes.
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_loop 8" -n '
io:::start /args[1]->dev_statname == $$1/ { @n = count(); @b = sum(args[0]->b_bcount); }
END { printa("starts %@d\n", @n); printa("bytes %@d\n", @b); }' "$lt_name"
