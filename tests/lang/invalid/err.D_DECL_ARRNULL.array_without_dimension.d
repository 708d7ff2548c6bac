/* A D array needs a dimension or a key signature. */
int lt_a[];
