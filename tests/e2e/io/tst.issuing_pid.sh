# io:::start fires in the process that issued the request (synchronous direct I/O goes straight
# to the driver): pid is the traced program's.
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio w $lt_loop 3" -n '
io:::start /args[1]->dev_statname == $$1/ { @[pid == $target ? "target" : "other"] = count(); }
END { printa("%s %@d\n", @); }' "$lt_name"
