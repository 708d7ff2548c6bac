/* void must be the only parameter when present. */
extern int lt_f(int, void);
