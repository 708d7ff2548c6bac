/* void cannot be a key type. */
int lt_a[void];
