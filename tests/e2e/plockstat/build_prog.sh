# Sourced by the plockstat tests: the pid tests' helpers (lt_build, lt_start, a temporary
# directory $dir cleaned up on exit) on the programs of progs/ here, bdtrace-plockstat (built
# beside bdtrace) in $plockstat, and lt_check, which checks a report's rows and masks what
# varies from run to run.
. "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../pid/build_prog.sh"
lt_progs=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/progs" && pwd) || exit 1
plockstat=$(dirname "$(readlink -f "$1")")/bdtrace-plockstat
[ -x "$plockstat" ] || { echo "no bdtrace-plockstat beside $(readlink -f "$1")" >&2; exit 1; }

# lt_check FILE LOCK CALLER COUNT MIN_NS [CALLER COUNT MIN_NS]...: each row of LOCK called
# from CALLER (its offset masked) must count COUNT events of at least MIN_NS on average.
# Prints the report with those rows in the order given (their order in the report depends on
# times), the nsec column replaced by "ok" (or "TOO-LOW:N"), offsets masked, and the rows of
# other locks or callers (glibc's own, the dynamic linker's) left out.
lt_check() {
	local file=$1 lock=$2
	shift 2
	awk -v lock="$lock" -v spec="$*" '
	BEGIN { n = split(spec, s, " "); for (i = 1; i <= n; i += 3) { want[++k] = s[i]; cnt[k] = s[i + 1]; min[k] = s[i + 2] } }
	function flush(   i) {
		for (i = 1; i <= k; i++) if (row[i] != "") { print row[i]; row[i] = "" }
	}
	$3 ~ /`/ || $3 ~ /^0x/ {
		if ($3 != lock) next
		c = $4; sub(/\+0x[0-9a-f]+$/, "+0xOFF", c)
		for (i = 1; i <= k; i++) if (want[i] == c) {
			ns = ($2 >= min[i]) ? "ok" : "TOO-LOW:" $2
			n1 = ($1 == cnt[i]) ? $1 : "COUNT:" $1
			row[i] = sprintf("%5s %8s %-28s %s", n1, ns, $3, c)
		}
		next
	}
	{ flush(); print }
	END { flush() }' "$file"
}
