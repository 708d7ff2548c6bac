/* An array dimension must be a positive constant. */
int lt_a[0];
