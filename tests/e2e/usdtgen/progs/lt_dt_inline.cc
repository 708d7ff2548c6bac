// A probe in an inline function that two translation units emit, each in a COMDAT group: the
// linker keeps one, and the note dtrace -G wrote for the other must go with it. Built twice,
// with LT_UNIT 1 and 2 (main in the first). The call is DTrace's sys/sdt.h's, spelled for C++.
extern "C" void __dtrace_lt_dt___lib(unsigned long);

inline __attribute__((noinline)) void lt_dt_inline(int x) {
	__dtrace_lt_dt___lib(static_cast<unsigned long>(x));
}

#if LT_UNIT == 1
void lt_dt_other();
int main() {
	lt_dt_inline(1);
	lt_dt_other();
	return 0;
}
#else
void lt_dt_other() {
	lt_dt_inline(2);
}
#endif
