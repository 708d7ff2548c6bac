# Sourced by the usdtgen tests (here and in ../pending/usdtgen, through a symlink): builds
# progs/ with the dtrace under test as a Makefile does, in a temporary directory of the test's
# own ($dir), removed on exit.
#
#   lt_make DTRACE [MAKEVAR=VALUE]...   make -f progs/Makefile in $dir; stops the test on failure
#   lt_notes FILE                       one line per stapsdt note of FILE: provider:name, the
#                                       argument count, the symbol at the semaphore's address and
#                                       whether that address is inside FILE's .probes section,
#                                       sorted (the compiler orders the probe sites)
lt_progs=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/progs" && pwd) || exit 1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT

lt_make() {
	local dtrace=$1
	shift
	make -s -C "$dir" -f "$lt_progs/Makefile" SRC="$lt_progs" DTRACE="$dtrace" "$@" >"$dir/make.log" 2>&1 || {
		cat "$dir/make.log"
		exit 1
	}
}

lt_notes() {
	local file=$1 probes
	probes=$(readelf -SW "$file" | sed 's/^ *\[ *[0-9]*\]//' | awk '$1 == ".probes" { print $3, $5 }')
	# mawk has no strtonum(): hex() reads the addresses.
	readelf -nW "$file" | awk -v probes="$probes" -v syms="$(nm "$file")" '
		function hex(s,   i, v) {
			sub(/^0x/, "", s); v = 0
			for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
			return v
		}
		BEGIN {
			split(probes, p, " "); lo = hex(p[1]); hi = lo + hex(p[2])
			n = split(syms, lines, "\n")
			for (i = 1; i <= n; i++) { split(lines[i], f, " "); if (f[3] != "") sym[hex(f[1])] = f[3] }
		}
		/Provider:/ { prov = $NF }
		$1 == "Name:" { name = $2 }
		/Semaphore:/ { sem = hex($NF) }
		$1 == "Arguments:" {
			where = (sem >= lo && sem < hi) ? "in .probes" : "OUTSIDE .probes"
			printf "%s:%s args=%d semaphore=%s %s\n", prov, name, NF - 1, (sem in sym) ? sym[sem] : "?", where
		}' | sort
}
