/* Function pointer declarations and function pointer typedefs. */
extern int (*lt_handler)(int, char *);
extern void (*lt_callbacks[4])(void);
typedef int (*lt_cmp_t)(const void *, const void *);
extern lt_cmp_t lt_compare;

BEGIN
{
    exit(0);
}
