/* The same provider written for -C: types from an -I header, a probe only -D adds. */
#include "lt_types.h"

provider lt {
	probe zero();
	probe one(lt_count_t);
	probe many__args(lt_count_t, lt_name_t, long long, const char *);
	probe enabled(int, int, int);
#ifdef LT_EXTRA
	probe extra(lt_count_t);
#endif
};
