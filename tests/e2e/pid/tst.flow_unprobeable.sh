# -F over a library with an unprobeable function: lt_flow_locked's entry cannot take a uprobe
# (LOCK prefix), so its return probe is disabled too and named in a warning; every "<-" has its
# "->" and the indentation stays true (no "<- lt_flow_locked" shifting the lines after it).
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_flow.so lt_flowlib.c -shared -fPIC
lt_build lt_flowmain lt_flowmain.c -L"$dir" -llt_flow -Wl,-rpath,"$dir"
"$dtrace" -F -c "$dir/lt_flowmain" -n 'pid$target:liblt_flow.so::entry, pid$target:liblt_flow.so::return { }' 2>&1 |
	sed -E 's/pid[0-9]+/pidN/g; /matched|has exited/d'
