// The generated header in C++: the semaphores keep their C names.
#include LT_HEADER

extern "C" void lt_from_cxx(int n) {
	if (LT_ONE_ENABLED() || n > 0)
		LT_ONE(n);
}
