/* The library lt_dlopen loads with dlopen(): lt_plugin_work(k) returns k + 100. */
#define NI __attribute__((noinline))

NI int lt_plugin_helper(int k) { return k + 100; }
NI int lt_plugin_work(int k) { return lt_plugin_helper(k); }
