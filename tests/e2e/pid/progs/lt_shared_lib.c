/* A shared library two programs link (lt_shared_main.c): system-wide probes on it fire in both. */
__attribute__((noinline)) int lt_shared(int x) { return x * 2; }
