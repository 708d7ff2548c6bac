# libc's strlen is an IFUNC: the probe sits in the implementation this process resolved it to,
# so it fires on every call (a probe on the resolver would fire once, at start-up).
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cat > "$dir/sl.c" <<'C'
#include <string.h>
int main(void) {
    char s[64];
    memset(s, 'x', 37);
    s[37] = 0;
    size_t n = 0;
    for (int i = 0; i < 5; i++) n += strlen(s);
    return n != 185;
}
C
cc -O0 -fno-builtin -o "$dir/sl" "$dir/sl.c" || exit 1
"$dtrace" -q -c "$dir/sl" -n '
pid$target:libc.so.6:strlen:return /arg1 == 37/ { @[probefunc] = count(); }'
