# The profiling one-liner, @[ustack()] = count() under profile-N, on a program built at -O2
# without frame pointers: every key is the real call chain, unwound in BPF from .eh_frame (the
# frame-pointer walk stops in lt_spin_leaf, whose rbp holds data). The stacks whose leaf is
# lt_spin_leaf come down to two, one per path, through main and the C library to _start;
# their counts, which depend on timing, are left out.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O2 -fomit-frame-pointer -o "$dir/lt_spin" "$(dirname "$0")/lt_spin.c" || exit 1
timeout 20 "$dtrace" -q -c "$dir/lt_spin" -n 'profile-997 /pid == $target/ { @[ustack()] = count(); }' |
	sed -E 's/\+0x[0-9a-f]+$//; s/^ +//' |
	awk '/^[0-9]+$/ { if (s != "") print s; s = ""; next } NF { s = s (s == "" ? "" : " <- ") $0 }' |
	grep '^lt_spin`lt_spin_leaf' | sort -u
