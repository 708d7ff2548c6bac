# Sourced by the syscall tests: builds progs/lt_sys.c into a temporary directory of the test's
# own ($dir/lt_sys) and removes it on exit. The tests run it with -c, filtering on $target.
lt_progs=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/progs" && pwd) || exit 1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O1 -o "$dir/lt_sys" "$lt_progs/lt_sys.c" || exit 1
