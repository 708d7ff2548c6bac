#!/usr/bin/env bash
# The Debian packages, built from the build tree (cpack -G DEB), installed with apt-get as a
# user would install them, used, and removed:
#   bdtrace_<version>_amd64.deb         /usr/sbin/bdtrace runs BEGIN { exit(0); }, man -w finds
#                                       its man pages, its Depends come from dpkg-shlibdeps
#   libbdtrace-dev_<version>_amd64.deb  a consumer builds with pkg-config and runs
#   bdtrace-dtrace_<version>_all.deb    /usr/sbin/dtrace is bdtrace, beside systemtap's
#                                       /usr/bin/dtrace when that is installed
# Then every file the packages installed is gone again.
#
#   package.sh BUILD_DIR    exit 0: passed, 1: failed, 77: skipped (the reason said)
#
# The machine is shared: one run at a time (a lock), nothing done when any of the packages or
# their files are already there (that installation is not ours to replace), and whatever
# this run installed is purged on every exit, failures included.
set -u
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd) || exit 1
root=$(cd "$(dirname "$0")/../.." && pwd)
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
ours=(bdtrace-dtrace libbdtrace-dev bdtrace)

[ "$(id -u)" = 0 ] || skip "installing packages needs root"
for tool in apt-get dpkg-deb dpkg-shlibdeps cpack flock; do
	command -v "$tool" >/dev/null 2>&1 || skip "$tool is missing (scripts/deps.sh installs dpkg-dev)"
done
if ! command -v man >/dev/null 2>&1; then
	bash "$root/scripts/deps.sh" --test
	command -v man >/dev/null 2>&1 || skip "man (man-db) is missing and scripts/deps.sh --test could not install it"
fi

exec 9>/run/lock/bdtrace-package-test.lock || skip "cannot open the lock file"
flock -w 600 9 || skip "another package test held the lock for 10 minutes"
for p in "${ours[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)
	[ -z "$status" ] || [ "${status:0:2}" = "un" ] || skip "package $p is installed already (status $status): not replacing it"
done
for f in /usr/sbin/bdtrace /usr/sbin/bdtrace-plockstat /usr/sbin/dtrace /usr/include/bdtrace; do
	[ -e "$f" ] && skip "$f exists already: not replacing another installation"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bdtrace-pkg.XXXXXX") || exit 1
installed=()  # what this run installed, ours and dependencies apt pulled in
cleanup() {
	local left=() p status
	for p in "${installed[@]}"; do
		status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)
		[ -n "$status" ] && [ "${status:0:2}" != "un" ] && left+=("$p")
	done
	if [ ${#left[@]} -gt 0 ]; then
		DEBIAN_FRONTEND=noninteractive timeout 300 apt-get purge -y -q -o DPkg::Lock::Timeout=120 \
			"${left[@]}" >"$tmp/purge.log" 2>&1 || { echo "cleanup: purge failed:"; tail -5 "$tmp/purge.log"; }
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT

# ---- build ----
(cd "$tmp" && timeout 300 cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/pkg") >"$tmp/cpack.log" 2>&1 ||
	{ tail -20 "$tmp/cpack.log"; fail "cpack failed"; }
version=$(sed -nE 's/^set\(CPACK_PACKAGE_VERSION "([^"]+)"\)/\1/p' "$build/CPackConfig.cmake")
main_deb=$tmp/pkg/bdtrace_${version}_amd64.deb
dev_deb=$tmp/pkg/libbdtrace-dev_${version}_amd64.deb
name_deb=$tmp/pkg/bdtrace-dtrace_${version}_all.deb
for d in "$main_deb" "$dev_deb" "$name_deb"; do [ -f "$d" ] || fail "cpack made no $(basename "$d"): $(ls "$tmp/pkg")"; done
echo "measured: $(basename "$main_deb") $(stat -c %s "$main_deb") bytes, installed $(dpkg-deb -f "$main_deb" Installed-Size) KiB"
echo "measured: $(basename "$dev_deb") $(stat -c %s "$dev_deb") bytes"
depends=$(dpkg-deb -f "$main_deb" Depends)
echo "bdtrace Depends: $depends"
for lib in libc6 libbpf1 libelf1 libdw1 libcpp-httplib0.11 libstdc++6; do
	[[ $depends == *"$lib "* || $depends == *"$lib," || $depends == *"$lib" ]] || fail "Depends lacks $lib"
done
dpkg-deb -c "$main_deb" | awk '{print $6}' >"$tmp/main.files"
for f in ./usr/sbin/bdtrace ./usr/sbin/bdtrace-plockstat ./usr/share/man/man8/bdtrace.8.gz \
	./usr/share/man/man8/bdtrace-plockstat.8.gz ./usr/share/bash-completion/completions/bdtrace; do
	grep -qx "$f" "$tmp/main.files" || fail "bdtrace's package lacks $f"
done

# ---- install: what apt would add besides our packages is ours to purge afterwards ----
apt_install() {
	local plan
	plan=$(apt-get -s install --no-install-recommends "$@" 2>&1) || { echo "$plan" | tail -5; fail "apt-get -s install $*"; }
	for p in $(echo "$plan" | sed -nE 's/^Inst ([^ ]+) .*/\1/p'); do installed+=("$p"); done
	DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -q --no-install-recommends \
		-o DPkg::Lock::Timeout=120 "$@" >"$tmp/install.log" 2>&1 || { tail -10 "$tmp/install.log"; fail "apt-get install $*"; }
}
apt_install "$main_deb"
[ "$(dpkg-query -W -f='${db:Status-Abbrev}' bdtrace)" = "ii " ] || fail "bdtrace is not installed after apt-get install"
echo "installed: ${installed[*]}"

/usr/sbin/bdtrace -n 'BEGIN { exit(0); }' >"$tmp/run.out" 2>"$tmp/run.err" || fail "/usr/sbin/bdtrace exited with $?: $(cat "$tmp/run.err")"
grep -q "^bdtrace: description 'BEGIN ' matched 1 probe$" "$tmp/run.err" || fail "unexpected: $(cat "$tmp/run.err")"
man -w -a bdtrace | grep -qx /usr/share/man/man8/bdtrace.8.gz || fail "man -w bdtrace: $(man -w -a bdtrace 2>&1)"
man -w -a bdtrace-plockstat | grep -qx /usr/share/man/man8/bdtrace-plockstat.8.gz || fail "man -w bdtrace-plockstat"
/usr/sbin/bdtrace-plockstat >/dev/null 2>&1; [ $? = 2 ] || fail "bdtrace-plockstat without operands should be a usage error"
echo "ok: /usr/sbin/bdtrace runs, man -w finds bdtrace.8 and bdtrace-plockstat.8"
bash -c '. /usr/share/bash-completion/completions/bdtrace && complete -p bdtrace' | grep -q '_bdtrace' ||
	fail "the bash completion does not load"
# -x prometheus loads the installed HTTP module (/usr/lib/<multiarch>/bdtrace/bdtrace-http.so).
/usr/sbin/bdtrace -x prometheus=127.0.0.1:0 -n 'BEGIN { @lt_pkg = count(); } tick-10s { exit(0); }' \
	>"$tmp/prom.out" 2>"$tmp/prom.err" &
prom_pid=$!
port=
for _ in $(seq 100); do
	port=$(sed -nE 's|.*at http://127\.0\.0\.1:([0-9]+)/metrics|\1|p' "$tmp/prom.err")
	[ -n "$port" ] && break
	sleep 0.1
done
scraped=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen("http://127.0.0.1:%s/metrics" % sys.argv[1], timeout=10).read().decode())' "$port" 2>&1)
kill -INT "$prom_pid"
wait "$prom_pid"
grep -qx 'dtrace_lt_pkg_total 1' <<<"$scraped" || fail "the installed bdtrace did not serve metrics: $(cat "$tmp/prom.err") $scraped"
echo "ok: completion loads; -x prometheus serves with the installed HTTP module"

# ---- the library: a consumer builds against the installed header with pkg-config ----
apt_install "$dev_deb"
flags=$(pkg-config --cflags --libs bdtrace) || fail "pkg-config does not know bdtrace"
g++ -O1 -o "$tmp/lt_consumer" "$root/tests/system/progs/lt_consumer.cpp" $flags >"$tmp/cxx.log" 2>&1 ||
	{ tail -10 "$tmp/cxx.log"; fail "a consumer does not build with pkg-config --cflags --libs bdtrace"; }
got=$("$tmp/lt_consumer") || fail "lt_consumer failed"
[ "$got" = $'@hits begin 1\n@hits again 2' ] || fail "lt_consumer printed: $got"
echo "ok: a consumer builds with pkg-config and reads its aggregation"
# Test support (the fake kernel, the reference BPF interpreter) is not shipped.
archive=$(dpkg -L libbdtrace-dev | grep '/libbdtrace\.a$' | head -1)
[ -n "$archive" ] || fail "libbdtrace-dev installs no libbdtrace.a"
members=$(ar t "$archive") || fail "ar t $archive"
! grep -qE '(^|/)(fake_kernel|interp)\.cpp\.o$' <<<"$members" || fail "libbdtrace.a holds test support: $members"
! grep -qa FakeKernel /usr/sbin/bdtrace || fail "the installed bdtrace holds the fake kernel"
echo "ok: neither the library nor the binary holds the fake kernel or the BPF interpreter"

# ---- the dtrace name ----
apt_install "$name_deb"
[ "$(readlink /usr/sbin/dtrace)" = bdtrace ] || fail "/usr/sbin/dtrace is not a link to bdtrace"
/usr/sbin/dtrace -n 'BEGIN { exit(0); }' >/dev/null 2>"$tmp/run.err" || fail "/usr/sbin/dtrace failed"
grep -q "^dtrace: description 'BEGIN ' matched 1 probe$" "$tmp/run.err" || fail "dtrace said: $(cat "$tmp/run.err")"
# man follows the link to the page it shows.
[ "$(readlink /usr/share/man/man8/dtrace.8.gz)" = bdtrace.8.gz ] || fail "dtrace.8.gz is not a link to bdtrace.8.gz"
man -w -a 8 dtrace | grep -qE '^/usr/share/man/man8/(b?dtrace)\.8\.gz$' || fail "man -w 8 dtrace: $(man -w -a 8 dtrace 2>&1)"
echo "ok: /usr/sbin/dtrace is bdtrace"

# ---- removal leaves nothing behind ----
dpkg-deb -c "$dev_deb" | awk '{print $6}' >>"$tmp/main.files"
dpkg-deb -c "$name_deb" | awk '{print $6}' >>"$tmp/main.files"
DEBIAN_FRONTEND=noninteractive timeout 300 apt-get purge -y -q -o DPkg::Lock::Timeout=120 "${ours[@]}" \
	>"$tmp/remove.log" 2>&1 || { tail -5 "$tmp/remove.log"; fail "apt-get purge"; }
left=()
while read -r f; do
	f=${f#.}
	[ -n "$f" ] || continue
	# Directories are shared with other packages; files and links must be gone.
	if [ -L "$f" ] || { [ -e "$f" ] && [ ! -d "$f" ]; }; then left+=("$f"); fi
done <"$tmp/main.files"
[ ${#left[@]} -eq 0 ] || fail "left after removal: ${left[*]}"
for p in "${ours[@]}"; do
	status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)
	[ -z "$status" ] || [ "${status:0:2}" = "un" ] || fail "$p still known to dpkg: $status"
done
echo "ok: removed cleanly"
echo "passed"
