# -Z keeps a system-wide description of a library no loader on this machine finds (liblt_zlib.so
# lives in the test's directory, reached only through lt_zuser's rpath) and matches it when a
# process maps the library: the dynamic loader's mmap is reported by the process watch, the
# module's name (the pid provider's "liblt_zlib" spelling) names the mapped file, and every call
# after the program's release is counted, with probemod the library's base name.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
mkdir "$dir/lib" || exit 1
lt_build lib/liblt_zlib.so lt_zlib.c -shared -fPIC
lt_build lt_zuser lt_zmain.c -L"$dir/lib" -llt_zlib -Wl,-rpath,"$dir/lib"
"$dtrace" -Zwq -n '
pid*:liblt_zlib:lt_z_wait:entry /!signalled/ { signalled = 1; raise(SIGUSR1); }
pid*:liblt_zlib:lt_z_work:entry { @calls[probemod, execname] = count(); }
pid*:liblt_zlib:lt_z_work:return { @sum = sum(arg1); }
pid*:liblt_zlib:lt_z_done:entry { exit(0); }
BEGIN { system("%s &", $$1); }
END { printa("%s %s calls %@d\n", @calls); printa("sum %@d\n", @sum); }' "$dir/lt_zuser"
