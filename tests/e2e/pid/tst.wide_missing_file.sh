# A system-wide description of a file that does not exist matches no probes: an error without -Z,
# accepted with none with -Z (the description is kept for a file created later: tst.wide_Z_*.sh).
dtrace=$1
"$dtrace" -q -n 'pid*:$1:main:entry { trace(pid); }' /nonexistent/lt_none 2>&1
echo "status $?"
"$dtrace" -q -n 'pid*:libbdtrace_none.so.1:lt_f:entry { trace(pid); }' 2>&1
echo "status $?"
"$dtrace" -Z -q -n 'pid*:$1:main:entry { trace(pid); } BEGIN { printf("begun\n"); exit(0); }' /nonexistent/lt_none 2>&1
echo "status $?"
