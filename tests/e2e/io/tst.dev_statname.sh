# DTrace's classic count by device, on the disk holding a file (shown as DISK: it is this
# machine's): the program's reads there are seen on that disk, by the kernel's name for it.
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_file 7" -n '
io:::start /pid == $target/ { @[args[1]->dev_statname] = count(); }
END { printa("%s\n", @); }' | sed "s/^$lt_dev\$/DISK/"
