/*
 * bdtrace's tests: a sys/sdt.h that compiles probes the way DTrace's own (illumos and Oracle)
 * header does, so that dtrace -G is tried on what such builds give it. Written for these tests.
 *
 * DTRACE_PROBEn(provider, name, args...) declares and calls a function that nothing defines,
 * __dtrace_<provider>___<name>, with every argument converted to unsigned long; dtrace -G
 * finds the calls by their relocations and makes probe sites of them. DTRACE_PROBE_ENABLED is
 * what DTrace's generated headers write for PROVIDER_NAME_ENABLED(): a call of
 * __dtraceenabled_<provider>___<name>, which the object dtrace -G writes defines. C only (as
 * DTrace's: in C++ the block-scope declarations would name mangled functions).
 */
#ifndef LT_DTRACE_SDT_H
#define LT_DTRACE_SDT_H

#define LT_SDT_FN(p, n) __dtrace_##p##___##n
#define LT_SDT_UL(x) ((unsigned long)(x))
#define LT_SDT_CALL(p, n, params, args) \
	do { \
		extern void LT_SDT_FN(p, n) params; \
		LT_SDT_FN(p, n) args; \
	} while (0)

#define DTRACE_PROBE_ENABLED(p, n) \
	({ extern int __dtraceenabled_##p##___##n(void); __dtraceenabled_##p##___##n(); })

#define DTRACE_PROBE(p, n) LT_SDT_CALL(p, n, (void), ())
#define DTRACE_PROBE1(p, n, a1) \
	LT_SDT_CALL(p, n, (unsigned long), \
	    (LT_SDT_UL(a1)))
#define DTRACE_PROBE2(p, n, a1, a2) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2)))
#define DTRACE_PROBE3(p, n, a1, a2, a3) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3)))
#define DTRACE_PROBE4(p, n, a1, a2, a3, a4) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4)))
#define DTRACE_PROBE5(p, n, a1, a2, a3, a4, a5) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4), LT_SDT_UL(a5)))
#define DTRACE_PROBE6(p, n, a1, a2, a3, a4, a5, a6) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4), LT_SDT_UL(a5), LT_SDT_UL(a6)))
#define DTRACE_PROBE7(p, n, a1, a2, a3, a4, a5, a6, a7) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4), LT_SDT_UL(a5), LT_SDT_UL(a6), LT_SDT_UL(a7)))
#define DTRACE_PROBE8(p, n, a1, a2, a3, a4, a5, a6, a7, a8) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4), LT_SDT_UL(a5), LT_SDT_UL(a6), LT_SDT_UL(a7), LT_SDT_UL(a8)))
#define DTRACE_PROBE9(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4), LT_SDT_UL(a5), LT_SDT_UL(a6), LT_SDT_UL(a7), LT_SDT_UL(a8), LT_SDT_UL(a9)))
#define DTRACE_PROBE10(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4), LT_SDT_UL(a5), LT_SDT_UL(a6), LT_SDT_UL(a7), LT_SDT_UL(a8), LT_SDT_UL(a9), LT_SDT_UL(a10)))
#define DTRACE_PROBE11(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4), LT_SDT_UL(a5), LT_SDT_UL(a6), LT_SDT_UL(a7), LT_SDT_UL(a8), LT_SDT_UL(a9), LT_SDT_UL(a10), LT_SDT_UL(a11)))
#define DTRACE_PROBE12(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) \
	LT_SDT_CALL(p, n, (unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long, unsigned long), \
	    (LT_SDT_UL(a1), LT_SDT_UL(a2), LT_SDT_UL(a3), LT_SDT_UL(a4), LT_SDT_UL(a5), LT_SDT_UL(a6), LT_SDT_UL(a7), LT_SDT_UL(a8), LT_SDT_UL(a9), LT_SDT_UL(a10), LT_SDT_UL(a11), LT_SDT_UL(a12)))

#endif
