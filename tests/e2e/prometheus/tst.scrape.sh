# -x prometheus: a scrape of the running program's aggregations, the exposition text exact for
# every aggregating function (the drop counters, one line per CPU, are left out: their count
# is the machine's); the script's own printing at the end is unchanged.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -m
"$dtrace" -x prometheus=127.0.0.1:0 -x promlabels=@lt_calls=name,n -n '
BEGIN
{
	@lt_calls["read", 1] = count();
	@lt_calls["read", 1] = count();
	@lt_calls["with \"quote\"", -2] = count();
	@lt_bytes = sum(4096);
	@lt_mean = avg(3);
	@lt_mean = avg(4);
	@lt_low = min(-7);
	@lt_dev = stddev(2);
	@lt_dev = stddev(6);
	@lt_lin = lquantize(15, 0, 30, 10);
	@lt_lin = lquantize(35, 0, 30, 10);
	@ = llquantize(150, 10, 0, 2, 10);
}
tick-20s { exit(0); }' >"$tmp/out" 2>"$tmp/err" &
pid=$!
port=
for _ in $(seq 200); do
	port=$(sed -nE 's|.*serving aggregations to Prometheus at http://127\.0\.0\.1:([0-9]+)/metrics|\1|p' "$tmp/err")
	[ -n "$port" ] && break
	sleep 0.05
done
python3 - "$port" <<'PY' | grep -v -E '^(# (HELP|TYPE) )?dtrace_(aggregation_|dynamic_variable_|nested_)?drops_total'
import sys, urllib.request
with urllib.request.urlopen("http://127.0.0.1:%s/metrics" % sys.argv[1], timeout=10) as r:
    print(r.headers["Content-Type"])
    sys.stdout.write(r.read().decode())
PY
kill -INT "$pid"
wait "$pid"
echo "status $?"
cat "$tmp/out"
sed -E 's/:[0-9]+\/metrics/:PORT\/metrics/' "$tmp/err"
