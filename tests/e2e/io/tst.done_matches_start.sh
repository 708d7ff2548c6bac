# Each request's done comes after its start, for the same block: the requests are matched by
# their first block (b_blkno), and the block numbers are those of the reads (sectors 0, 8, 16).
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_loop 3" -n '
io:::start /args[1]->dev_statname == $$1/ { lt[args[0]->b_blkno] = 1; }
io:::done /lt[args[0]->b_blkno]/ { lt[args[0]->b_blkno] = 0; @[args[0]->b_blkno] = count(); }
END { printa("%d %@d\n", @); }' "$lt_name"
