# One clause for io:::start and io:::done: args[] are typed alike on both, probename tells them
# apart.
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_loop 3" -n '
io:::start, io:::done /args[1]->dev_statname == $$1/ { @[probename] = sum(args[0]->b_bcount); }
END { printa("%s %@d\n", @); }' "$lt_name"
