/* Probes as DTrace's sys/sdt.h compiles them: calls of __dtrace_lt_dt___<name>, which dtrace -G
 * rewrites into probe sites. Its one line of output (what the is-enabled test said) goes to
 * the file its argument names, else to stdout. */
#include <stdio.h>
#include <sys/sdt.h>

void lt_dt_lib(int);

/* The probe is the function's last act: -O2 makes it a jump (a tail call). */
__attribute__((noinline)) void lt_dt_tail(long x) {
	DTRACE_PROBE1(lt_dt, tail, x);
}

int main(int argc, char **argv) {
	DTRACE_PROBE(lt_dt, zero);
	DTRACE_PROBE2(lt_dt, two, -1, argc + 1);
	DTRACE_PROBE12(lt_dt, twelve, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -12);
	char text[16];  /* on the stack: paged in when the probe reads it */
	snprintf(text, sizeof text, "a string %d", argc);
	DTRACE_PROBE1(lt_dt, str, text);
	DTRACE_PROBE2(lt_dt, mapped, 10, 4);
	int on = DTRACE_PROBE_ENABLED(lt_dt, guarded);
	if (on) DTRACE_PROBE1(lt_dt, guarded, 7);
	lt_dt_tail(5);
	lt_dt_lib(9);
	FILE *out = argc > 1 ? fopen(argv[1], "w") : stdout;
	if (!out) return 1;
	fprintf(out, "guarded enabled: %d\n", on != 0);
	return 0;
}
