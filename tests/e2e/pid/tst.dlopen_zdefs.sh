# A description naming a library the command loads later with dlopen() needs -Z, and then fires
# from the first call into the library: the library watch stops the command (our child) while
# the new library's probes are attached.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cat > "$dir/libdlw.c" <<'C'
__attribute__((noinline)) int dlw_work(int x) { return x * 2; }
C
cat > "$dir/dlmain.c" <<'C'
#include <dlfcn.h>
int main(int argc, char** argv) {
    void* h = dlopen(argv[1], RTLD_NOW);
    if (!h) return 1;
    int (*f)(int) = (int (*)(int))dlsym(h, "dlw_work");
    int s = 0;
    for (int i = 0; i < 3; i++) s += f(i);
    return s != 6;
}
C
cc -O0 -shared -fPIC -o "$dir/libdlw.so" "$dir/libdlw.c" || exit 1
cc -O0 -o "$dir/dlmain" "$dir/dlmain.c" -ldl || exit 1
"$dtrace" -qZ -c "$dir/dlmain $dir/libdlw.so" -n '
pid$target:libdlw.so:dlw_work:entry { printf("%s(%d)\n", probefunc, arg0); }
pid$target:libdlw.so:dlw_work:return { printf("returned %d\n", arg1); }'
