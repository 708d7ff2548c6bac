# DTrace's classic bytes by process and file: the process that issued the requests; a request
# of the block layer names no file, so fi_pathname is "<none>", as DTrace gives it for I/O
# without file information.
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_loop 8" -n '
io:::start /args[1]->dev_statname == $$1/ { @[execname, args[2]->fi_pathname] = sum(args[0]->b_bcount); }
END { printa("%s %s %@d\n", @); }' "$lt_name"
