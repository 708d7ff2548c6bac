# Sourced by the io tests: builds progs/lt_dio.c into a temporary directory of the test's own and
# prepares a file of $lt_blocks blocks written to the disk under it ($lt_file), on the file system
# of that directory (a real block device: the tests check it is one). Cleans up on exit.
#
#   lt_dev    the disk's name as the kernel gives it (vda), from the file system's device
#   lt_dio    the built program: lt_dio r|w PATH N
lt_progs=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/progs" && pwd) || exit 1
dir=$(mktemp -d) || exit 1
lt_loop=
lt_cleanup() {
	[ -n "$lt_loop" ] && losetup -d "$lt_loop"
	rm -rf "$dir"
}
trap lt_cleanup EXIT
cc -O2 -o "$dir/lt_dio" "$lt_progs/lt_dio.c" || exit 1
lt_dio=$dir/lt_dio
lt_blocks=16
lt_file=$dir/data
"$lt_dio" prep "$lt_file" "$lt_blocks" || exit 1
# The whole disk holding the file: /sys/dev/block/MAJ:MIN is the partition or the disk; a
# partition's directory is inside its disk's.
lt_majmin=$(stat -c '%Hd:%Ld' "$lt_file")
lt_sys=$(readlink -f "/sys/dev/block/$lt_majmin") || exit 1
[ -e "$lt_sys/partition" ] && lt_sys=$(dirname "$lt_sys")
lt_dev=$(basename "$lt_sys")

# lt_loop_setup SIZE_KB: a loop device over a file of its own, in $lt_loop (detached on exit).
lt_loop_setup() {
	truncate -s "${1}K" "$dir/loopfile" || exit 1
	lt_loop=$(losetup -f --show "$dir/loopfile") || exit 1
}
