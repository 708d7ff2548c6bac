#!/usr/bin/env bash
# -x prometheus against a real Prometheus server (Debian's prometheus package): bdtrace traces
# lt_metrics (progs/) and serves its aggregations on a port the system picks; the test starts
# Prometheus on 127.0.0.1 with a configuration of its own (1 s scrapes, storage in a temporary
# directory) and asks its HTTP API (/api/v1/query, PromQL) for the values the program knows:
# seven calls of lt_tick, their sum 53, the largest 21, the histogram's buckets and count.
#
#   prometheus.sh /path/to/bdtrace      exit 0: passed, 1: failed, 77: skipped (the reason said)
#
# It needs root (tracing) and the prometheus package: when that is missing it installs the
# test packages (scripts/deps.sh --test) and skips only if that fails. Everything it starts is
# killed on exit; every wait is bounded.
set -u
bin=${1:?usage: $0 /path/to/bdtrace}
root=$(cd "$(dirname "$0")/../.." && pwd)
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; for f in "$tmp"/*.err "$tmp"/*.log; do [ -s "$f" ] && { echo "--- $f"; tail -20 "$f"; }; done; exit 1; }

[ "$(id -u)" = 0 ] || skip "tracing needs root"
if ! command -v prometheus >/dev/null 2>&1; then
	echo "prometheus is not installed: installing the test packages (scripts/deps.sh --test)"
	bash "$root/scripts/deps.sh" --test
	command -v prometheus >/dev/null 2>&1 || skip "prometheus is not installed and scripts/deps.sh --test could not install it"
fi
command -v python3 >/dev/null 2>&1 || skip "python3 is needed to read Prometheus' answers"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bdtrace-prom.XXXXXX") || exit 1
pids=()
cleanup() {
	touch "$tmp/go"
	for p in "${pids[@]}"; do { kill -9 "$p" && wait "$p"; } 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT

cc -O0 -fno-omit-frame-pointer -o "$tmp/lt_metrics" "$root/tests/system/progs/lt_metrics.c" || fail "cannot build lt_metrics"

# bdtrace: port 0, the notice says which port it got.
"$bin" -x prometheus=127.0.0.1:0 -x promlabels=@calls=func -c "$tmp/lt_metrics $tmp/go" -n '
pid$target:a.out:lt_tick:entry
{
	@calls[probefunc] = count();
	@bytes = sum(arg0);
	@sizes = quantize(arg0);
	@largest = max(arg0);
}' >"$tmp/bdtrace.out" 2>"$tmp/bdtrace.err" &
pids+=($!)
bdtrace_pid=$!
port=
for _ in $(seq 200); do
	port=$(sed -nE 's|.*serving aggregations to Prometheus at http://127\.0\.0\.1:([0-9]+)/metrics|\1|p' "$tmp/bdtrace.err")
	[ -n "$port" ] && break
	kill -0 "$bdtrace_pid" 2>/dev/null || fail "bdtrace exited before serving"
	sleep 0.1
done
[ -n "$port" ] || fail "bdtrace did not say where it serves"

# Prometheus on a free loopback port, scraping bdtrace every second.
pport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$tmp/prometheus.yml" <<YML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: bdtrace
    static_configs:
      - targets: ['127.0.0.1:$port']
        labels:
          node: lt-node
YML
prometheus --config.file="$tmp/prometheus.yml" --storage.tsdb.path="$tmp/data" \
	--web.listen-address="127.0.0.1:$pport" --log.level=warn >"$tmp/prometheus.log" 2>&1 &
pids+=($!)

# query EXPR: the value of the one series EXPR selects, or nothing.
query() {
	python3 - "$pport" "$1" <<'PY'
import json, sys, urllib.parse, urllib.request
url = "http://127.0.0.1:%s/api/v1/query?%s" % (sys.argv[1], urllib.parse.urlencode({"query": sys.argv[2]}))
try:
    with urllib.request.urlopen(url, timeout=2) as r:
        res = json.load(r)["data"]["result"]
    if len(res) == 1:
        print(res[0]["value"][1])
except Exception:
    pass
PY
}

# Each value as soon as a scrape has it (the calls are made at once; a scrape may come first).
expect() {
	local what=$1 want=$2 got=
	for _ in $(seq 60); do
		got=$(query "$what")
		[ "$got" = "$want" ] && { echo "ok: $what = $want"; return; }
		sleep 0.5
	done
	fail "$what: expected $want, Prometheus says '${got}'"
}
expect 'dtrace_calls_total{job="bdtrace",node="lt-node",func="lt_tick"}' 7
expect 'dtrace_bytes_total{job="bdtrace"}' 53
expect 'dtrace_largest{job="bdtrace"}' 21
expect 'dtrace_sizes_count{job="bdtrace"}' 7
expect 'dtrace_sizes_bucket{job="bdtrace",le="3"}' 3
expect 'dtrace_sizes_bucket{job="bdtrace",le="15"}' 6
expect 'dtrace_sizes_bucket{job="bdtrace",le="+Inf"}' 7
expect 'sum(dtrace_drops_total{job="bdtrace"})' 0
expect 'up{job="bdtrace"}' 1
echo "measured: scrape_duration_seconds $(query 'scrape_duration_seconds{job="bdtrace"}')"

# The program ends; tracing ends with it, and the script's own printing is as always.
touch "$tmp/go"
for _ in $(seq 100); do kill -0 "$bdtrace_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$bdtrace_pid" 2>/dev/null && fail "bdtrace still runs after the program ended"
wait "$bdtrace_pid" || fail "bdtrace exited with status $?"
grep -q '^  lt_tick  *7$' "$tmp/bdtrace.out" || fail "bdtrace's printed aggregations lack '  lt_tick 7'"
echo "passed"
