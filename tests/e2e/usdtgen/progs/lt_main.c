/* Fires every probe of lt_provider.d through the generated macros. Without -q it first prints
 * the semaphores and what the _ENABLED() macros say (all 0 when nothing traces the process);
 * the "enabled" probe reports the _ENABLED() values to a tracer. */
#include <stdio.h>
#include <string.h>

#include LT_HEADER

void lt_from_cxx(int);

static char lt_word[] = "from-main";

int main(int argc, char **argv) {
	int quiet = argc > 1 && strcmp(argv[1], "-q") == 0;
	int e_zero = LT_ZERO_ENABLED() != 0;
	int e_one = LT_ONE_ENABLED() != 0;
	int e_many = LT_MANY_ARGS_ENABLED() != 0;

	if (!quiet) {
		printf("semaphores: zero=%u one=%u many-args=%u enabled=%u\n",
		    (unsigned)lt_zero_semaphore, (unsigned)lt_one_semaphore,
		    (unsigned)lt_many__args_semaphore, (unsigned)lt_enabled_semaphore);
		printf("enabled: zero=%d one=%d many-args=%d\n", e_zero, e_one, e_many);
	}
	LT_ENABLED(e_zero, e_one, e_many);
	LT_ZERO();
	for (int i = 1; i <= 3; i++)
		LT_ONE(i);
	if (LT_MANY_ARGS_ENABLED() || !quiet)
		LT_MANY_ARGS(-7, lt_word, 1LL << 40, "last");
	lt_from_cxx(42);
#ifdef LT_EXTRA
	LT_EXTRA(5);
	if (!quiet)
		printf("extra: %d\n", LT_EXTRA_ENABLED() != 0);
#endif
	return 0;
}
