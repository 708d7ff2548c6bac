# dev_major/dev_minor are the device the file system is on (stat's st_dev), and b_edev the
# same device as the kernel's dev_t (major << 20 | minor).
. "$(dirname "$0")/build_prog.sh"
"$1" -q -c "$lt_dio r $lt_file 4" -n '
io:::start /pid == $target/ {
	@[args[1]->dev_major, args[1]->dev_minor, args[0]->b_edev >> 20, args[0]->b_edev & 0xfffff] = count();
}
END { printa("%d:%d %d:%d\n", @); }' | sed "s/^$lt_majmin $lt_majmin\$/ST_DEV ST_DEV/"
