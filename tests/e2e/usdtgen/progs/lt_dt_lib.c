/* A probe in a shared library built with dtrace -G. */
#include <sys/sdt.h>

void lt_dt_lib(int x) {
	if (x > 0) DTRACE_PROBE1(lt_dt, lib, x);
}
