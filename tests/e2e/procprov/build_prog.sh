# Sourced by the proc and sched provider tests: builds progs/lt_proc.c into a temporary
# directory ($dir/lt_proc) that is removed on exit.
lt_progs=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/progs" && pwd) || exit 1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O1 -pthread -o "$dir/lt_proc" "$lt_progs/lt_proc.c" || exit 1
