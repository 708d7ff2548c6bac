# io:::done for direct writes: one per request, B_WRITE, 4096 bytes each.
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio w $lt_loop 4" -n '
io:::done /args[1]->dev_statname == $$1/ {
	@[args[0]->b_flags & B_WRITE ? "write" : "read"] = count();
	@b = sum(args[0]->b_bcount);
}
END { printa("%s %@d\n", @); printa("bytes %@d\n", @b); }' "$lt_name"
