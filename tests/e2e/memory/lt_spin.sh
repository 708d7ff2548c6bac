# Sourced by the tests that need lt_spin (a .sh test's helper, not a test): builds it in a
# temporary folder, starts it, and sets $spin (its pid) and $marker (lt_marker's address).
# The caller's EXIT trap should call lt_spin_cleanup.
lt_dir=$(mktemp -d) || exit 1
lt_spin_cleanup() {
	[ -n "${spin-}" ] && kill "$spin" 2>/dev/null
	rm -rf "$lt_dir"
}
command -v gcc >/dev/null || { echo "gcc is needed to build lt_spin" >&2; exit 1; }
gcc -O1 -no-pie -o "$lt_dir/lt_spin" lt_spin.c || exit 1
marker=0x$(nm "$lt_dir/lt_spin" | awk '$3 == "lt_marker" { print $1 }')
"$lt_dir/lt_spin" &
spin=$!
