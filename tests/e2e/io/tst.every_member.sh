# Every member of the three arguments at the first read of a loop device (LOOP; its minor is
# MINOR): the request's values, zeros where Linux has no counterpart, "<none>"/"<unknown>" and
# -1 where the block layer knows no file or path.
. "$(dirname "$0")/build_prog.sh"
minor=$(stat -L -c '%Lr' "$lt_loop")
"$1" -q -c "$lt_dio r $lt_loop 1" -n '
io:::start /args[1]->dev_statname == $$1/ {
	printf("b_flags %d b_bcount %d b_addr %d b_lblkno %d b_blkno %d b_resid %d\n",
	    args[0]->b_flags, args[0]->b_bcount, args[0]->b_addr, args[0]->b_lblkno, args[0]->b_blkno,
	    args[0]->b_resid);
	printf("b_bufsize %d b_iodone %d b_error %d b_edev %d:%d\n", args[0]->b_bufsize,
	    args[0]->b_iodone, args[0]->b_error, args[0]->b_edev >> 20, args[0]->b_edev & 0xfffff);
	printf("dev_major %d dev_minor %d dev_instance %d\n", args[1]->dev_major, args[1]->dev_minor,
	    args[1]->dev_instance);
	printf("dev_name %s dev_statname %s dev_pathname %s\n", args[1]->dev_name,
	    args[1]->dev_statname, args[1]->dev_pathname);
	printf("fi_name %s fi_dirname %s fi_pathname %s fi_offset %d\n", args[2]->fi_name,
	    args[2]->fi_dirname, args[2]->fi_pathname, args[2]->fi_offset);
	printf("fi_fs %s fi_mount %s fi_oflags %d\n", args[2]->fi_fs, args[2]->fi_mount,
	    args[2]->fi_oflags);
}' "$lt_name" | sed -E "s/$lt_name/LOOP/g; s/ 7:$minor\$/ 7:MINOR/; s/dev_minor $minor /dev_minor MINOR /"
