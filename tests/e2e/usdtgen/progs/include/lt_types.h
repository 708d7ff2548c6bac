/* Types of lt_cpp.d, as PostgreSQL's probes.d defines its own before the provider. */
#define lt_count_t int
#define lt_name_t char *
