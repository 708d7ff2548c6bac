/* A void parameter cannot be named. */
extern int lt_f(void lt_v);
