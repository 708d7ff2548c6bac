#!/usr/bin/env bash
#
# Language file tests for the D front end (see README.md in this directory).
#
# usage: run.sh /path/to/bdtrace [filter]
#
#   valid/tst.NAME.d          dtrace -e -s tst.NAME.d [args]       -> status 0, empty stderr
#   invalid/err.D_TAG.NAME.d  dtrace -xerrtags -e -s err...d [args] -> status 1, stderr == .err
#   ncmd/NAME.cmd             dtrace <the line in NAME.cmd>          -> .cmd.status (0), .cmd.err ("")
#   sema/AREA/tst.NAME.d, sema/AREA/err.D_TAG.NAME.d: as valid/ and invalid/
#
# NAME.d.args (optional) holds one line of extra arguments, split on white space.
# The binary is run through a symlink named "dtrace" so that messages start with "dtrace:".
# Only tests whose path (e.g. "invalid/err.D_SYNTAX.foo.d") contains the filter are run.
# LANG_TEST_JOBS sets the number of tests run at once (default: number of CPUs).
# Ends with "N passed, N failed"; exit status 0 only when nothing failed.

set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 /path/to/bdtrace [filter]" >&2
	exit 2
fi

bin=$1
filter=${2-}
case $bin in
/*) ;;
*) bin=$PWD/$bin ;;
esac
if [ ! -x "$bin" ] || [ -d "$bin" ]; then
	echo "$0: $bin is not an executable file" >&2
	exit 2
fi

here=$(cd "$(dirname "$0")" && pwd) || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bdtrace-lang.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
ln -s "$bin" "$tmp/dtrace" || exit 2
dtrace=$tmp/dtrace

timeout_cmd=()
if command -v timeout >/dev/null 2>&1; then
	timeout_cmd=(timeout -k 5 "${LANG_TEST_TIMEOUT:-30}")
fi

jobs=${LANG_TEST_JOBS:-}
if [ -z "$jobs" ]; then
	jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 4)
fi
case $jobs in
'' | *[!0-9]* | 0) jobs=4 ;;
esac

: >"$tmp/empty"

# Reads the first line of $1 (if it exists) into the array ARGS, split on white
# space without glob expansion.
read_args() {
	ARGS=()
	if [ -f "$1" ]; then
		local line=
		IFS= read -r line <"$1" || true
		local IFS=$' \t\r\n'
		set -f
		# shellcheck disable=SC2206
		ARGS=($line)
		set +f
	fi
}

# Quotes a command for display.
show_cmd() {
	local out=dtrace a
	for a in "$@"; do
		case $a in
		'' | *[!A-Za-z0-9_./:=+,@%-]*) out+=" $(printf '%q' "$a")" ;;
		*) out+=" $a" ;;
		esac
	done
	printf '%s' "$out"
}

# run_test IDX KIND DIR FILE: runs one test in a subshell and writes "PASS" or
# the failure report to $tmp/r.IDX.
run_test() {
	local idx=$1 kind=$2 dir=$3 file=$4
	local res=$tmp/r.$idx errf=$tmp/e.$idx
	local exp_status exp_err lint=
	local -a cmd

	cd "$here/$dir" || { echo "FAIL $dir/$file: cannot enter $here/$dir" >"$res"; return; }

	case $kind in
	valid)
		read_args "$file.args"
		cmd=(-e -s "$file" "${ARGS[@]}")
		exp_status=0
		exp_err=$tmp/empty
		;;
	invalid)
		read_args "$file.args"
		cmd=(-xerrtags -e -s "$file" "${ARGS[@]}")
		exp_status=1
		if [ -f "$file.status" ]; then
			IFS= read -r exp_status <"$file.status" || true
		fi
		exp_err=$file.err
		if [ ! -f "$exp_err" ]; then
			lint="missing $file.err"
			exp_err=$tmp/empty
		else
			# The tag in the file name must be the tag in the expected text.
			local tag=${file#err.}
			tag=${tag%%.*}
			local first=
			IFS= read -r first <"$exp_err" || true
			case $first in
			*"[$tag]"*) ;;
			*) lint="$file.err does not carry the tag [$tag] of its name" ;;
			esac
		fi
		;;
	ncmd)
		local line=
		IFS= read -r line <"$file" || true
		if ! eval "set -- $line" 2>/dev/null; then
			echo "FAIL $dir/$file: cannot parse the command line: $line" >"$res"
			return
		fi
		cmd=("$@")
		exp_status=0
		if [ -f "$file.status" ]; then
			IFS= read -r exp_status <"$file.status" || true
		fi
		exp_err=$tmp/empty
		[ -f "$file.err" ] && exp_err=$file.err
		;;
	esac

	"${timeout_cmd[@]}" "$dtrace" "${cmd[@]}" </dev/null >/dev/null 2>"$errf"
	local status=$?

	local problems=()
	[ -n "$lint" ] && problems+=("  corpus error: $lint")
	if [ "${#timeout_cmd[@]}" -gt 0 ] && { [ $status -eq 124 ] || [ $status -eq 137 ]; }; then
		problems+=("  timed out (exit status $status)")
	elif [ "$status" != "$exp_status" ]; then
		problems+=("  exit status $status, expected $exp_status")
	fi
	local same=1
	if [ "$exp_err" = "$tmp/empty" ]; then
		[ -s "$errf" ] && same=0
	elif ! cmp -s "$exp_err" "$errf"; then
		same=0
	fi

	if [ ${#problems[@]} -eq 0 ] && [ $same -eq 1 ]; then
		echo PASS >"$res"
		return
	fi
	{
		echo "FAIL $dir/$file"
		echo "  command: (cd $dir && $(show_cmd "${cmd[@]}"))"
		local p
		for p in "${problems[@]}"; do
			echo "$p"
		done
		if [ $same -eq 0 ]; then
			echo "  stderr differs (- expected, + actual):"
			diff -u --label expected --label actual "$exp_err" "$errf" | sed 's/^/    /'
		fi
	} >"$res"
}

# Collect the tests.
kinds=() dirs=() files=()
add_tests() { # KIND DIR GLOB
	local kind=$1 dir=$2 pat=$3 f
	[ -d "$here/$dir" ] || return
	for f in "$here/$dir"/$pat; do
		[ -f "$f" ] || continue
		f=${f##*/}
		case "$dir/$f" in
		*"$filter"*) ;;
		*) continue ;;
		esac
		kinds+=("$kind") dirs+=("$dir") files+=("$f")
	done
}
add_tests valid valid 'tst.*.d'
add_tests invalid invalid 'err.*.d'
add_tests ncmd ncmd '*.cmd'
# sema/AREA/: programs the whole compiler checks (types, probes, code generation) under -e,
# without loading anything: the compile errors that need no kernel and no root.
if [ -d "$here/sema" ]; then
	for d in "$here"/sema/*/; do
		[ -d "$d" ] || continue
		d=${d%/}
		add_tests valid "sema/${d##*/}" 'tst.*.d'
		add_tests invalid "sema/${d##*/}" 'err.*.d'
	done
fi

# Run them, at most $jobs at a time.
running=0
for i in "${!files[@]}"; do
	run_test "$i" "${kinds[$i]}" "${dirs[$i]}" "${files[$i]}" &
	running=$((running + 1))
	if [ $running -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait

passed=0 failed=0
for i in "${!files[@]}"; do
	res=$tmp/r.$i
	first=
	[ -f "$res" ] && { IFS= read -r first <"$res" || true; }
	if [ "$first" = PASS ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		if [ -f "$res" ]; then
			cat "$res"
		else
			echo "FAIL ${dirs[$i]}/${files[$i]}: no result (runner error)"
		fi
	fi
done

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
