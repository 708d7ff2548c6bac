# Sourced by the builtins tests that need a target: builds progs/lt_vtime.c into a temporary
# directory ($dir/lt_vtime) that is removed on exit.
lt_progs=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/progs" && pwd) || exit 1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O1 -o "$dir/lt_vtime" "$lt_progs/lt_vtime.c" || exit 1
