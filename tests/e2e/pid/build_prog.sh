# Sourced by the pid tests: builds lt_prog.c into $dir/lt_prog (DTrace's tests build their
# targets the same way). Sets dir; removes it on exit.
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O0 -o "$dir/lt_prog" "$(dirname "$0")/lt_prog.c" || exit 1
