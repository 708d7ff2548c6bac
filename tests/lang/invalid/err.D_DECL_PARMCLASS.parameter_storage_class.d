/* Parameters may not have a storage class (other than register). */
extern int lt_f(static int);
