/* An associative array cannot be an element of a scalar array. */
int lt_a[4][string];
