# pid$target probes on libc for a -c command, without -Z: the command is held once the dynamic
# linker has mapped libc and before anything runs, so the very first calls are counted, the one
# in a constructor of the program included.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cat > "$dir/first.c" <<'C'
#include <unistd.h>
__attribute__((constructor)) static void early(void) { getppid(); }
int main(void) { getppid(); getppid(); return 0; }
C
cc -O0 -fno-builtin -o "$dir/first" "$dir/first.c" || exit 1
"$dtrace" -q -c "$dir/first" -n '
pid$target:libc.so.6:getppid:entry { @calls = count(); }
pid$target:libc:getppid:return { @returns = count(); }
END { printa("%@d calls, ", @calls); printa("%@d returns\n", @returns); }'
