/* extern declarations of variables and functions. */
extern int lt_ext_counter;
extern unsigned long lt_ext_array[16];
extern int lt_ext_func(void);
extern char *lt_ext_named(int lt_arg, char *lt_name);
extern long lt_ext_noproto();
extern int lt_ext_varargs(const char *, ...);

BEGIN
{
    exit(0);
}
