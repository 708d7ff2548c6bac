/* Negative dimensions are rejected as well. */
int lt_a[2 - 5];
