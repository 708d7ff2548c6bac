/* An array dimension must fit 32 bits. */
int lt_a[5000000000];
