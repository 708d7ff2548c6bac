# Sourced by the io tests. Builds progs/lt_dio.c into a temporary directory of the test's own,
# and gives two places to do direct block I/O:
#
#   $lt_loop, $lt_name  a loop device of the test's own over a file (/dev/loopN, loopN): nothing
#                       else does I/O on it, so every request on it is the program's, issued in
#                       the program's context (the tests filter on the device name)
#   $lt_file            a file of 16 blocks written to the disk, in the temporary directory: its
#                       disk ($lt_dev, e.g. vda) is shared with the rest of the machine, whose
#                       I/O the block layer may dispatch together with the program's, so tests
#                       there check names, not counts
#   $lt_majmin          the file system's device, as MAJOR:MINOR (stat's st_dev)
#   $lt_dio             the built program: lt_dio r|w PATH N
#
# Everything made here (the loop device, the files) is removed on exit.
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
truncate -s 256K "$dir/loopfile" || exit 1
lt_loop=$(losetup -f --show "$dir/loopfile") || exit 1
lt_name=$(basename "$lt_loop")
lt_file=$dir/data
"$lt_dio" prep "$lt_file" 16 || exit 1
# The whole disk holding the file: /sys/dev/block/MAJ:MIN is the partition or the disk; a
# partition's directory is inside its disk's.
lt_majmin=$(stat -c '%Hd:%Ld' "$lt_file")
lt_sys=$(readlink -f "/sys/dev/block/$lt_majmin") || exit 1
[ -e "$lt_sys/partition" ] && lt_sys=$(dirname "$lt_sys")
lt_dev=$(basename "$lt_sys")
