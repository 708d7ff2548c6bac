#!/usr/bin/env bash
#
# Kernel end-to-end tests: real programs on the real kernel (see README.md here).
#
# usage: run.sh /path/to/bdtrace [filter]
#
#   */tst.NAME.d          _DTRACE_TESTING=1 dtrace -s tst.NAME.d [args]
#                         stdout == NAME.d.out; stderr == NAME.d.err when that file exists;
#                         exit status == NAME.d.status (default 0)
#   */err.D_TAG.NAME.d    dtrace -xerrtags -s err...d [args]: status 1 (or .status), stderr == .err
#   */tst.NAME.sh         bash tst.NAME.sh /path/to/dtrace (for what one -s run cannot show:
#                         signals, -o files, -n/-q command lines); .out/.err/.status as above
#
# NAME.d.args holds extra arguments (one line, split on white space). NAME.d.sed (or NAME.sh.sed),
# when present, is a sed -E script applied to the actual stdout and stderr before they are
# compared (for values DTrace itself does not fix, such as DIF offsets and probe IDs of
# profile probes). Tests run with TZ=UTC and LC_ALL=C. Tests need root: without it every test
# is skipped with the reason, and the summary says so.

set -u
bin=${1:?usage: $0 /path/to/bdtrace [filter]}
filter=${2-}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
here=$(cd "$(dirname "$0")" && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bdtrace-e2e.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
ln -s "$bin" "$tmp/dtrace"
dtrace=$tmp/dtrace

tests=()
while IFS= read -r f; do
	case $f in *"$filter"*) tests+=("$f") ;; esac
done < <(cd "$here" && find . -path ./pending -prune -o \( -name 'tst.*.d' -o -name 'err.*.d' -o -name 'tst.*.sh' \) -print | sed 's|^\./||' | sort)
# pending/ holds tests of features not built yet (see pending/README.md): listed, not run.
npending=$(cd "$here" && find pending -name 'tst.*' -o -name 'err.*' 2>/dev/null | grep -Ec '\.(d|sh)$')

if [ "$(id -u)" != 0 ]; then
	echo "skipping ${#tests[@]} kernel tests: they need root (BPF programs and perf events)"
	echo "0 passed, 0 failed, ${#tests[@]} skipped"
	exit 0
fi

pass=0 fail=0
for t in "${tests[@]}"; do
	dir=$here/$(dirname "$t")
	base=$(basename "$t")
	args=()
	if [ -f "$dir/$base.args" ]; then
		read -r -a args <"$dir/$base.args" || true
	fi
	want_status=0
	case $base in err.*) want_status=1 ;; esac
	[ -f "$dir/$base.status" ] && want_status=$(cat "$dir/$base.status")
	opts=()
	case $base in err.*) opts=(-xerrtags) ;; esac
	case $base in
	*.sh)
		(cd "$dir" && _DTRACE_TESTING=1 TZ=UTC LC_ALL=C timeout -k 5 "${E2E_TIMEOUT:-20}" \
			bash "$base" "$dtrace" >"$tmp/out" 2>"$tmp/err" </dev/null)
		;;
	*)
		(cd "$dir" && _DTRACE_TESTING=1 TZ=UTC LC_ALL=C timeout -k 5 "${E2E_TIMEOUT:-20}" \
			"$dtrace" "${opts[@]}" -s "$base" "${args[@]}" >"$tmp/out" 2>"$tmp/err" </dev/null)
		;;
	esac
	status=$?
	if [ -f "$dir/$base.sed" ]; then
		sed -E -f "$dir/$base.sed" "$tmp/out" >"$tmp/out.sed" && mv "$tmp/out.sed" "$tmp/out"
		sed -E -f "$dir/$base.sed" "$tmp/err" >"$tmp/err.sed" && mv "$tmp/err.sed" "$tmp/err"
	fi
	ok=1
	[ "$status" = "$want_status" ] || ok=0
	if [ -f "$dir/$base.out" ]; then
		cmp -s "$tmp/out" "$dir/$base.out" || ok=0
	fi
	if [ -f "$dir/$base.err" ]; then
		cmp -s "$tmp/err" "$dir/$base.err" || ok=0
	fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $t (status $status, expected $want_status)"
		[ -f "$dir/$base.out" ] && diff -u "$dir/$base.out" "$tmp/out" | head -30
		if [ -f "$dir/$base.err" ]; then diff -u "$dir/$base.err" "$tmp/err" | head -20; else head -5 "$tmp/err"; fi
	fi
done
[ "$npending" -gt 0 ] && echo "$npending tests wait in pending/ for features not built yet (pending/README.md)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
