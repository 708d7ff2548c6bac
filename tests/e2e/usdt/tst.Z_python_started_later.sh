# A script for Python's USDT probes in the style of the DTrace literature (#!/usr/sbin/dtrace -Zs,
# python*:::function-entry), run before any process runs the interpreter: a copy of Debian's
# python3.11 made here (a file no process has run) is started by BEGIN's system(). Its
# function-entry probes are matched when it starts, and attached for every later process of the
# file. lt_wait() is called every millisecond until the script's clause raises SIGUSR1 (Python
# 3.11 fires function-entry only while a profile function is set, so the script sets one).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
cp /usr/bin/python3.11 "$dir/lt_python3" || exit 1
cat >"$dir/lt.py" <<'PY'
import signal, sys, time
go = False
def on_usr1(sig, frame):
    global go
    go = True
signal.signal(signal.SIGUSR1, on_usr1)
sys.setprofile(lambda *a: None)
def lt_wait():
    time.sleep(0.001)
def lt_fn(x):
    return x + 1
for i in range(10000):
    if go:
        break
    lt_wait()
for i in range(3):
    lt_fn(i)
PY
cat >"$dir/py_calls.d" <<'D'
#!/usr/sbin/dtrace -Zs
python*:::function-entry
/basename(copyinstr(arg0)) == "lt.py" && copyinstr(arg1) == "lt_wait"/
{
	raise(SIGUSR1);
}

python*:::function-entry
/basename(copyinstr(arg0)) == "lt.py" && copyinstr(arg1) == "lt_fn"/
{
	printf("%s %s %s:%d\n", probename, copyinstr(arg1), basename(copyinstr(arg0)), arg2);
	@calls[copyinstr(arg1)] = count();
}

python*:::function-return
/basename(copyinstr(arg0)) == "lt.py" && copyinstr(arg1) == "lt_fn"/
{
	returns++;
}

python*:::function-return
/returns == 3/
{
	exit(0);
}

BEGIN
{
	system("%s %s &", $$1, $$2);
}
D
"$dtrace" -Zwq -s "$dir/py_calls.d" "$dir/lt_python3" "$dir/lt.py"
