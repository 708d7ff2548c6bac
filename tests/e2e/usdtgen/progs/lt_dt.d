/* The probes of the tests of dtrace -G over DTrace's own sys/sdt.h (dtrace_sdt/sys/sdt.h):
 * arguments in registers and on the stack, a string, a translated argument list, a probe
 * tested with is-enabled, one fired by a tail call, one in a library. */
provider lt_dt {
	probe zero();
	probe two(int a, int b);
	probe twelve(long, long, long, long, long, long, long, long, long, long, long, long);
	probe str(string);
	probe mapped(int i, int j) : (int j, int i, int i, int j);
	probe guarded(int);
	probe tail(long);
	probe lib(int);
};
