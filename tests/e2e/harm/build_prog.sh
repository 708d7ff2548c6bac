# Sourced by the do-no-harm tests: builds progs/lt_harm (lt_harm.c and lt_harm_asm.S, at -O2 like
# a release build, so that GCC keeps leaf functions' locals in the red zone and pads loop heads
# with NOPs) into a temporary directory of the test's own, and cleans up after it.
#
#   lt_build                      compile $dir/lt_harm
#   lt_same NAME A B              print "NAME: outputs identical", or the difference
#   lt_bpf_ids PID                the BPF program and link ids process PID holds, one a line
#                                 ("prog 12", "link 7"), from its fds' /proc fdinfo
#   lt_bpf_gone IDS...            wait (at most 5 s: a uprobe link is released after an RCU
#                                 grace period) until the kernel's object listing (bpftool) has
#                                 none of those ids; print what is left
#
# The processes a test starts are killed on exit.
lt_progs=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/progs" && pwd) || exit 1
dir=$(mktemp -d) || exit 1
lt_pids=()
lt_cleanup() {
	for p in "${lt_pids[@]}"; do { kill -9 "$p" && wait "$p"; } 2>/dev/null; done
	rm -rf "$dir"
}
trap lt_cleanup EXIT

lt_build() {
	cc -O2 -fcf-protection=none -o "$dir/lt_harm" "$lt_progs/lt_harm.c" "$lt_progs/lt_harm_asm.S" || exit 1
}

lt_same() {
	if cmp -s "$2" "$3"; then
		echo "$1: outputs identical"
	else
		echo "$1: outputs differ"
		diff "$2" "$3" | head -5
	fi
}

lt_bpf_ids() {
	awk '/^prog_id:/ { print "prog", $2 } /^link_id:/ { print "link", $2 }' /proc/"$1"/fdinfo/* 2>/dev/null | sort -u
}

lt_bpf_gone() {
	local left i kind id
	command -v bpftool >/dev/null || { echo "bpftool is missing (scripts/deps.sh installs it)"; return 1; }
	for i in $(seq 100); do
		left=
		while read -r kind id; do
			[ -n "$id" ] || continue
			bpftool "$kind" show id "$id" >/dev/null 2>&1 && left="$left $kind $id"
		done <<<"$1"
		[ -z "$left" ] && return 0
		sleep 0.05
	done
	echo "still in the kernel:$left"
	return 1
}

# lt_real NAME COMMAND...: runs COMMAND untraced, then under dtrace -c with the probes in
# $lt_probes (every entry and return of the dynamic linker and of libc's str* and mem*, and every
# instruction of a few libc functions, unless the test sets its own); prints whether the two
# runs printed the same (stdout and stderr, byte for byte) and ended the same, dtrace's stderr
# other than its skipped-probe warnings, and whether the probes fired in both libraries.
lt_probes='pid$target:ld-linux-x86-64.so.2::entry,pid$target:ld-linux-x86-64.so.2::return,
pid$target:libc.so.6:str*:entry,pid$target:libc.so.6:str*:return,
pid$target:libc.so.6:mem*:entry,pid$target:libc.so.6:mem*:return,
pid$target:libc.so.6:getenv:,pid$target:libc.so.6:__libc_start_main:,pid$target:libc.so.6:setlocale:'
lt_real() {
	local name=$1 want got
	shift
	"$@" >"$dir/$name.untraced" 2>&1
	want=$?
	"$dtrace" -q -o "$dir/$name.trace" -c "$*" -n "$lt_probes { @[probemod] = count(); }" \
		>"$dir/$name.traced" 2>"$dir/$name.err"
	got=$?
	[ $want = 0 ] && [ $got = 0 ] || echo "$name: status $want untraced, $got traced"
	lt_same "$name" "$dir/$name.untraced" "$dir/$name.traced"
	grep -Ev 'probes? skipped' "$dir/$name.err" | grep -v '^$'
	grep -q 'ld-linux-x86-64.so.2' "$dir/$name.trace" || echo "$name: no probe of the dynamic linker fired"
	case $lt_probes in *libc.so.6*) grep -q 'libc.so.6' "$dir/$name.trace" || echo "$name: no probe of libc fired" ;; esac
}

# Deterministic text for the real programs to chew on: N lines.
lt_input() {
	awk -v n="$1" 'BEGIN { x = 12345; for (i = 0; i < n; i++) { x = (x * 1103515245 + 12345) % 2147483648; printf("%010d line %d\n", x, i) } }' >"$dir/input"
}
