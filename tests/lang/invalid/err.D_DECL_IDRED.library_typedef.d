/* procfs.d already defines psinfo_t. */
typedef int psinfo_t;
