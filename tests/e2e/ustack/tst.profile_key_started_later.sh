# @[ustack()] = count() system-wide (no -c/-p) on an FP-less program started after tracing began
# and gone before the keys are printed: the BPF side meets it early (in its dynamic linker,
# before libc is mapped), asks for its tables again at its first PC in libc and is served at
# once (its mappings changed), and its address space is kept for the names. Nearly every
# sample whose leaf is lt_spin_leaf unwinds down to _start (the first ones, before its tables
# are loaded, follow frame pointers); counts vary, so only that share is checked.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cc -O2 -fomit-frame-pointer -o "$dir/lt_spin" "$(dirname "$0")/lt_spin.c" || exit 1
timeout 30 "$dtrace" -wq -n '
BEGIN { system("%s &", $$1); }
profile-997 /execname == "lt_spin"/ { @[ustack()] = count(); }
proc:::exit /execname == "lt_spin"/ { exit(0); }' "$dir/lt_spin" |
	sed -E 's/\+0x[0-9a-f]+$//; s/^ +//' |
	awk '/^[0-9]+$/ { if (s ~ /^lt_spin`lt_spin_leaf/) { t += $1; if (s ~ /lt_spin`_start$/) w += $1; else print "partial: " s > "/dev/stderr" }
	                   s = ""; next }
	     NF { s = s (s == "" ? "" : " <- ") $0 }
	     END { print (t > 0 && w * 4 >= t * 3) ? "whole stacks: most" : "whole stacks: " w " of " t }'
