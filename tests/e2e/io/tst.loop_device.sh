# dev_name and dev_statname are the loop device's name (shown as LOOP).
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_loop 2" -n '
io:::start /args[1]->dev_statname == $$1/ { @[args[1]->dev_name, args[1]->dev_statname] = count(); }
END { printa("%s %s %@d\n", @); }' "$lt_name" | sed "s/$lt_name/LOOP/g"
