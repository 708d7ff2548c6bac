# b_flags holds B_READ for reads and B_WRITE for writes, never both.
. "$(dirname "$0")/build_prog.sh"
prog='
io:::start /args[1]->dev_statname == $$1/ {
	@[args[0]->b_flags & B_READ ? "read" : "-", args[0]->b_flags & B_WRITE ? "write" : "-"] = count();
}
END { printa("%s %s %@d\n", @); }'
"$1" -q -c "$lt_dio r $lt_loop 3" -n "$prog" "$lt_name"
"$1" -q -c "$lt_dio w $lt_loop 2" -n "$prog" "$lt_name"
