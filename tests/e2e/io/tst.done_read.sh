# io:::done fires once per request started, wherever the completion runs, with the request's
# size and direction.
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_loop 6" -n '
io:::done /args[1]->dev_statname == $$1/ {
	@[args[0]->b_flags & B_READ ? "read" : "write"] = count();
	@b = sum(args[0]->b_bcount);
}
END { printa("%s %@d\n", @); printa("bytes %@d\n", @b); }' "$lt_name"
