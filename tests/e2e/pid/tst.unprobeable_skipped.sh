# A function whose first instruction the kernel cannot probe (LOCK-prefixed, as libc's
# pthread_spin_lock) is skipped with one warning; the other probes of the description still fire.
dtrace=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
cat > "$dir/locked.c" <<'C'
__attribute__((noinline, naked)) void lk_locked(int* p) { __asm__("lock incl (%rdi)\n\tret"); }
__attribute__((noinline)) int lk_plain(int x) { return x + 1; }
int main(void) { int v = 0; lk_locked(&v); lk_plain(1); lk_plain(2); return v != 1; }
C
cc -O0 -o "$dir/locked" "$dir/locked.c" || exit 1
"$dtrace" -q -c "$dir/locked" -n 'pid$target:a.out:lk_*:entry { @[probefunc] = count(); }' 2>&1 |
    sed 's/pid[0-9]*:/pidN:/'
