# Two different programs share a library: a system-wide probe on the library (its path through a
# macro argument) fires in both, told apart by execname.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_shared.so lt_shared_lib.c -shared -fPIC
lt_build lt_prog_a lt_shared_main.c -DLT_TIMES=2 -L"$dir" -llt_shared -Wl,-rpath,"$dir"
lt_build lt_prog_b lt_shared_main.c -DLT_TIMES=5 -L"$dir" -llt_shared -Wl,-rpath,"$dir"
"$dtrace" -w -q -n '
pid*:$1:lt_shared:entry { @[execname] = count(); }
pid*:$1:lt_shared:return { @ret[execname] = sum(arg1); }
pid*:$1:lt_shared:return /execname == "lt_prog_b" && arg1 == 8/ { exit(0); }
BEGIN { system("%s/lt_prog_a; %s/lt_prog_b", $$2, $$2); }
END { printa("%s %@d\n", @); printa("%s returned %@d\n", @ret); }' "$dir/liblt_shared.so" "$dir"
