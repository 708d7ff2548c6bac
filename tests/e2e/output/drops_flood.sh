# Sourced by tst.drops.sh and tst.drops_droptags.sh. drops_flood DTRACE TAG [OPTION]...: one tick
# firing writes more than a 4 KiB principal buffer holds (32 clauses of 400-byte printf records),
# so some records are dropped however fast the consumer drains. Prints whether drop reports of
# the form "dtrace: TAGN drops on CPU C" came (TAG is "" or e.g. "[DTRACEDROP_PRINCIPAL] ") and
# how many other lines stderr had; returns dtrace's status.
drops_flood() {
	local dtrace=$1 tag=$2 prog err status i line
	shift 2
	line='tick-1ms { printf("%s %s %s %s\n", lt_s, lt_s, lt_s, lt_s); }'
	prog='BEGIN { lt_s = "'$(printf 'x%.0s' $(seq 100))'"; }'
	for i in $(seq 32); do prog="$prog
$line"; done
	prog="$prog
tick-1ms { exit(0); }"
	err=$(timeout 10 "$dtrace" -q -x bufsize=4k "$@" -n "$prog" 2>&1 >/dev/null)
	status=$?
	local re="^dtrace: ${tag//[/\\[}[0-9]+ drops? on CPU [0-9]+\$"
	re=${re//]/\\]}
	local drops other
	drops=$(printf '%s\n' "$err" | grep -Ec "$re")
	other=$(printf '%s\n' "$err" | grep -Evc "$re|^\$")
	echo "drop reports: $([ "$drops" -gt 0 ] && echo yes || echo no), other messages: $other"
	[ "$other" = 0 ] || printf '%s\n' "$err" >&2
	return $status
}
