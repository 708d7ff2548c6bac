/* A key signature cannot be only a variable-length argument list. */
int lt_a[...];
