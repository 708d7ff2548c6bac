# -Z and a library loaded after tracing began by a process started after it: lt_later (run by
# BEGIN's system()) loads liblt_laterlib.so with dlopen(); the dynamic linker's mapping of the new
# file is reported by the process watch, the library's provider is matched and attached, and its
# probes fire once the D program has released the waiting loop.
dtrace=$1
. "$(dirname "$0")/build_prog.sh"
lt_build liblt_laterlib.so lt_laterlib.c -shared -fPIC
lt_build lt_later lt_later.c -ldl
"$dtrace" -Zwq -n '
lt_laterlib*:::waiting { raise(SIGUSR1); }
lt_laterlib*:::work { printf("%s:%s:%s %d\n", probeprov, basename(probemod), probename, arg0); }
lt_laterlib*:::done { exit(0); }
BEGIN { system("%s dlopen &", $$1); }' "$dir/lt_later"
