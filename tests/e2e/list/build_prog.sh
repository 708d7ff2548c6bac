# Sourced by the pid listing tests: builds lt_list.c into $dir/lt_list. Sets dir; removes it on
# exit.
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O0 -o "$dir/lt_list" "$(dirname "$0")/lt_list.c" || exit 1
